import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';
import { describe, expect, it } from 'vitest';
import { hashWhileWriting, takeUploadHash } from './hashing-store';

/** A tus store that keeps bytes in memory, writing at most `limit` bytes of a PATCH (an aborted request). */
function memoryStore() {
  const files = new Map<string, Buffer>();
  const store = {
    limit: Number.POSITIVE_INFINITY,
    async write(stream: Readable, id: string, offset: number) {
      let got = Buffer.alloc(0);
      for await (const chunk of stream) got = Buffer.concat([got, chunk as Buffer]);
      got = got.subarray(0, store.limit);
      const before = files.get(id) ?? Buffer.alloc(0);
      files.set(id, Buffer.concat([before.subarray(0, offset), got]));
      return offset + got.length;
    },
  };
  return { store: hashWhileWriting(store as unknown as DataStore), raw: store, files };
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7) % 256));

describe('the SHA-256 computed while an upload is written', () => {
  it('is the hash of the whole file, across several PATCHes in order', async () => {
    const { store } = memoryStore();
    const file = bytes(10_000);
    expect(await store.write(Readable.from([file.subarray(0, 4000)]), 'a', 0)).toBe(4000);
    expect(await store.write(Readable.from([file.subarray(4000)]), 'a', 4000)).toBe(10_000);
    expect(takeUploadHash('a', 10_000)).toBe(sha(file));
    // Taken once: the next ask has nothing (the caller reads the file then).
    expect(takeUploadHash('a', 10_000)).toBeNull();
  });

  it('gives no hash when a PATCH was cut short, or resumed where the hash did not follow', async () => {
    const { store, raw } = memoryStore();
    raw.limit = 1000;
    expect(await store.write(Readable.from([bytes(3000)]), 'b', 0)).toBe(1000);
    raw.limit = Number.POSITIVE_INFINITY;
    await store.write(Readable.from([bytes(3000).subarray(1000)]), 'b', 1000);
    expect(takeUploadHash('b', 3000)).toBeNull();
    // An upload whose first bytes this process never saw (begun before a restart).
    await store.write(Readable.from([bytes(500)]), 'c', 500);
    expect(takeUploadHash('c', 1000)).toBeNull();
    // The size the upload ended at must be what the hash saw.
    await store.write(Readable.from([bytes(500)]), 'd', 0);
    expect(takeUploadHash('d', 800)).toBeNull();
  });
});
