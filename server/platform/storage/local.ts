import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, newStorageKey } from './keys';
import type { ByteRange, Storage, StoredObject } from './types';

/** Sidecar files the tus FileStore keeps beside an upload. */
const SIDECARS = ['.json'];

/** Media as plain files in one folder (default `DATA_DIR/media`). */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;

  constructor(readonly directory: string) {}

  private file(key: string) {
    return path.join(this.directory, assertStorageKey(key));
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(this.directory, { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file.
    const temp = path.join(this.directory, `.tmp-${newStorageKey()}`);
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, createWriteStream(temp));
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    // Opening first turns a missing file into a rejected promise instead of a stream error.
    const handle = await fs.open(this.file(key), 'r');
    return handle.createReadStream({ start: range?.start, end: range?.end });
  }

  async read(key: string, range: ByteRange): Promise<Buffer> {
    const handle = await fs.open(this.file(key), 'r');
    try {
      const length = Math.max(0, range.end - range.start + 1);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, range.start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fs.stat(this.file(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await Promise.all([file, ...SIDECARS.map((s) => file + s)].map((f) => fs.rm(f, { force: true })));
  }
}
