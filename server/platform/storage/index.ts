import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './types';

export { assertStorageKey, isStorageKey, newStorageKey } from './keys';
export { LocalStorage } from './local';
export { S3Storage, s3ClientConfig } from './s3';
export type { ByteRange, Storage, StoredObject } from './types';

/** The folder of local media: `DATA_DIR/media`. */
export function localMediaDir(config: Config): string {
  return path.join(config.dataDir, 'media');
}

/** S3 when S3_BUCKET is set, else files under `DATA_DIR/media`. */
export function createStorage(config: Config): Storage {
  return config.S3_BUCKET ? S3Storage.fromConfig(config) : new LocalStorage(localMediaDir(config));
}

const byContext = new WeakMap<AppContext, Storage>();

/** One storage per app: every module that reads or deletes media bytes goes through this. */
export function storageFor(ctx: AppContext): Storage {
  let storage = byContext.get(ctx);
  if (!storage) {
    storage = createStorage(ctx.config);
    byContext.set(ctx, storage);
  }
  return storage;
}

/** SHA-256 (hex) of stored bytes, read as a stream. */
export async function sha256OfStored(storage: Storage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
