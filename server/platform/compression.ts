import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Answers from this size on are compressed. */
export const COMPRESS_THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Answers over 1 KB (JSON, the app's HTML) go brotli or gzip as the client accepts; a fast brotli level, since
 * they are compressed per request. Built static files are compressed once at build (preCompressed in app.ts);
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
