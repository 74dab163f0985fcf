import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { AppContext } from '../../context';
import { onFirstUse } from '../../platform/optional-package';
import { localMediaDir, s3ClientConfig, storageFor } from '../../platform/storage';
import { dropUploadHash, hashWhileWriting } from './hashing-store';
import type { MediaEnv } from './service';

/** Where uploads and files are kept, per app: the tus store and the storage (the upload server is tus.ts). */

const tusS3 = onFirstUse<typeof import('@tus/s3-store')>('@tus/s3-store');

/** The tus store writing to the same place `storageFor` reads: DATA_DIR/media or the S3 bucket. */
export function createDatastore(ctx: AppContext): DataStore {
  const { config } = ctx;
  if (config.S3_BUCKET) {
    return hashWhileWriting(
      new (tusS3().S3Store)({
        partSize: 8 * 1024 * 1024,
        s3ClientConfig: { ...s3ClientConfig(config), bucket: config.S3_BUCKET },
      }),
    );
  }
  return hashWhileWriting(new FileStore({ directory: localMediaDir(config) }));
}

const envs = new WeakMap<AppContext, { env: MediaEnv; datastore: DataStore }>();

/** One tus store and media env per app, shared by the upload routes and the jobs that delete bytes. */
export function mediaEnvFor(ctx: AppContext): MediaEnv & { datastore: DataStore } {
  let entry = envs.get(ctx);
  if (!entry) {
    const datastore = createDatastore(ctx);
    entry = { env: createMediaEnv(ctx, datastore), datastore };
    envs.set(ctx, entry);
  }
  return { ...entry.env, datastore: entry.datastore };
}

export function createMediaEnv(ctx: AppContext, datastore: DataStore): MediaEnv {
  const storage = storageFor(ctx);
  return {
    ctx,
    storage,
    async removeBytes(id) {
      dropUploadHash(id);
      // tus knows its unfinished uploads (S3 multipart parts); storage removes whatever is left.
      await datastore.remove(id).catch(() => {});
      await storage.delete(id);
    },
  };
}
