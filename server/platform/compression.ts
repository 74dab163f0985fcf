import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Answers from this size on are compressed. */
export const COMPRESS_THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ENCODINGS)[number];
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding an answer goes in for this request, as @fastify/compress chooses it (the same negotiator, `*` and
 * `x-gzip` read as gzip, brotli first on a tie), or null for none.
 */
export function answerEncoding(headers: {
  'accept-encoding'?: string | undefined;
  'x-no-compression'?: string | string[] | undefined;
}): AnswerEncoding | null {
  const header = headers['accept-encoding'];
  if (!header || headers['x-no-compression'] !== undefined) return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [
    ...ENCODINGS,
  ]) as AnswerEncoding | null;
}

/** `body` compressed as the plugin would (for an answer compressed once and sent many times). */
export function compressAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body);
}

/**
 * Answers over 1 KB (JSON, the app's HTML) go brotli or gzip as the client accepts; a fast brotli level, since
 * they are compressed per request (a kept answer, answer-cache.ts, once: `compressAnswer`). Built static files are compressed once at build (preCompressed in app.ts);
 * video, images and zips are not compressible types and pass as they are. Compressed request bodies are inflated
 * on the routes that take a body; a GET or HEAD route never reads one (Fastify parses no body for them), so it
 * skips that step.
 */
export async function registerCompression(app: FastifyInstance) {
  // Before the plugin's own onRoute hook, which reads `decompress`.
  app.addHook('onRoute', (routeOptions) => {
    const methods = ([] as string[]).concat(routeOptions.method);
    const options = routeOptions as { decompress?: unknown };
    if (options.decompress === undefined && methods.every((m) => BODILESS.has(m))) options.decompress = false;
  });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
}
