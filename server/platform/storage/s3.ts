import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { onFirstUse } from '../optional-package';
import { assertStorageKey } from './keys';
import type { ByteRange, Storage, StoredObject } from './types';

const sdk = onFirstUse<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');

/** Objects the tus S3Store keeps beside an upload while it is in progress. */
const SIDECARS = ['.info', '.part'];

/**
 * Client settings from S3_* variables; a custom endpoint (MinIO, R2...) wants path-style URLs. Checksums only
 * where S3 requires them: by default the SDK now sends streamed bodies as `aws-chunked` with a trailing
 * checksum, which S3-compatible servers that do not know that encoding store as part of the object (found
 * with s3rver: the tus store's kept-aside `.part` objects grew by the chunk framing and corrupted the upload).
 */
export function s3ClientConfig(config: Config): S3ClientConfig {
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined;
  return {
    region: config.S3_REGION ?? 'us-east-1',
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: Boolean(config.S3_ENDPOINT),
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** Media in an S3-compatible bucket; object key = storage key. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;

  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  static fromConfig(config: Config): S3Storage {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is not set');
    return new S3Storage(new (sdk().S3Client)(s3ClientConfig(config)), config.S3_BUCKET);
  }

  async put(key: string, body: Readable | Buffer, size?: number): Promise<void> {
    // PutObject needs a known length; small server-made objects are buffered when none is given.
    const payload = Buffer.isBuffer(body) || size === undefined ? await toBuffer(body) : body;
    await this.client.send(
      new (sdk().PutObjectCommand)({
        Bucket: this.bucket,
        Key: assertStorageKey(key),
        Body: payload,
        ContentLength: Buffer.isBuffer(payload) ? payload.length : size,
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const out = await this.client.send(
      new (sdk().GetObjectCommand)({
        Bucket: this.bucket,
        Key: assertStorageKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!out.Body) throw new Error(`Empty body for ${key}`);
    return out.Body as Readable;
  }

  async read(key: string, range: ByteRange): Promise<Buffer> {
    return buffer(await this.get(key, range));
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new (sdk().HeadObjectCommand)({ Bucket: this.bucket, Key: assertStorageKey(key) }),
      );
      return { size: out.ContentLength ?? 0, modifiedAt: out.LastModified ?? new Date(0) };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NotFound') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const base = assertStorageKey(key);
    await this.client.send(
      new (sdk().DeleteObjectsCommand)({
        Bucket: this.bucket,
        Delete: { Objects: [base, ...SIDECARS.map((s) => base + s)].map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}

async function toBuffer(body: Readable | Buffer): Promise<Buffer> {
  return Buffer.isBuffer(body) ? body : buffer(body);
}
