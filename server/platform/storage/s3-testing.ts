import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * An S3 server for tests: s3rver (pure JavaScript, files in a temporary folder) on a free loopback port, with
 * one bucket. s3rver lacks two calls the tus S3 store makes, ListParts (to resume) and AbortMultipartUpload (to
 * cancel); they are added here over s3rver's own part files, answering as S3 documents them.
 */
export async function startS3Server(bucket = 'sweatpact-media') {
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as new (opts: object) => S3rverInstance;
  const S3Error = require('s3rver/lib/models/error') as new (code: string, message?: string) => Error;
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const uploadsDir = (b: string) => server.store.getResourcePath(b, undefined, 'uploads');

  // Before s3rver's router (the last middleware), after its XML encoder (so plain objects become XML).
  server.middleware.splice(
    server.middleware.length - 1,
    0,
    async (ctx: KoaContext, next: () => Promise<void>) => {
      const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
      const uploadId = ctx.query.uploadId;
      if (!match || typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId)) return next();
      if (ctx.method !== 'GET' && ctx.method !== 'DELETE') return next();
      const [, b, key] = match as unknown as [string, string, string];
      const dir = path.join(uploadsDir(b), uploadId);
      const exists = await fs.stat(dir).then(
        () => true,
        () => false,
      );
      if (!exists) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
      if (ctx.method === 'DELETE') {
        await fs.rm(dir, { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      const numbers = (await fs.readdir(dir))
        .filter((f) => /^\d+$/.test(f))
        .map(Number)
        .sort((x, y) => x - y);
      const parts = [];
      for (const n of numbers) {
        const stat = await fs.stat(path.join(dir, String(n)));
        const md5 = await fs.readFile(path.join(dir, `${n}.md5`), 'utf8');
        parts.push({
          PartNumber: n,
          LastModified: stat.mtime.toISOString(),
          ETag: `"${md5}"`,
          Size: stat.size,
        });
      }
      ctx.body = {
        ListPartsResult: {
          Bucket: b,
          Key: decodeURIComponent(key),
          UploadId: uploadId,
          PartNumberMarker: 0,
          NextPartNumberMarker: numbers.at(-1) ?? 0,
          MaxParts: 10000,
          IsTruncated: false,
          Part: parts,
        },
      };
    },
  );

  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    bucket,
    endpoint,
    /** Config overrides pointing the app's storage and tus store at this server. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver checks signatures made with its fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** Multipart uploads not completed nor aborted. */
    async openMultipartUploads(): Promise<string[]> {
      return fs.readdir(uploadsDir(bucket)).catch(() => []);
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

interface KoaContext {
  path: string;
  method: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}

interface S3rverInstance {
  middleware: unknown[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
