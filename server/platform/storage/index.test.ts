import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createDatastore } from '../../modules/media/env';
import { createStorage, LocalStorage, localMediaDir, S3Storage, s3ClientConfig } from './index';

describe('createStorage', () => {
  it('keeps media in DATA_DIR/media by default, for reads and for tus writes alike', () => {
    const config = loadConfig({}, { DATA_DIR: '/tmp/sp-data' });
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(LocalStorage);
    expect((storage as LocalStorage).directory).toBe('/tmp/sp-data/media');
    expect(localMediaDir(config)).toBe('/tmp/sp-data/media');
    const store = createDatastore({ config } as never);
    expect(store).toBeInstanceOf(FileStore);
    expect((store as FileStore).directory).toBe('/tmp/sp-data/media');
  });

  it('switches both to the S3 bucket when S3_BUCKET is set', async () => {
    const config = loadConfig(
      {},
      {
        S3_BUCKET: 'sweatpact-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
    );
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    expect((storage as S3Storage).bucket).toBe('sweatpact-media');
    expect(createDatastore({ config } as never)).toBeInstanceOf(S3Store);
    const client = s3ClientConfig(config);
    expect(client).toMatchObject({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(client.credentials).toEqual({ accessKeyId: 'key', secretAccessKey: 'secret' });
    expect(s3ClientConfig(loadConfig({}, { S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }))).toMatchObject({
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });
});
