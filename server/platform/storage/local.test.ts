import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertStorageKey, newStorageKey } from './keys';
import { LocalStorage } from './local';

describe('LocalStorage', () => {
  let dir: string;
  let storage: LocalStorage;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-storage-'));
    storage = new LocalStorage(path.join(dir, 'media'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('puts a stream and reads it back whole, by range and by read()', async () => {
    const key = newStorageKey();
    await storage.put(key, Readable.from([bytes.subarray(0, 400), bytes.subarray(400)]));
    expect(await buffer(await storage.get(key))).toEqual(bytes);
    expect(await buffer(await storage.get(key, { start: 100, end: 199 }))).toEqual(bytes.subarray(100, 200));
    expect(await storage.read(key, { start: 990, end: 2000 })).toEqual(bytes.subarray(990));
    const stat = await storage.stat(key);
    expect(stat?.size).toBe(1000);
    expect(await storage.exists(key)).toBe(true);
  });

  it('reports missing keys and deletes an object with its tus sidecar', async () => {
    const key = newStorageKey();
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.get(key)).rejects.toThrow();
    await storage.put(key, bytes);
    await fs.writeFile(path.join(dir, 'media', `${key}.json`), '{}');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(fs.stat(path.join(dir, 'media', `${key}.json`))).rejects.toThrow();
    await storage.delete(key);
  });

  it('refuses keys it did not make, so nothing escapes the folder', async () => {
    for (const bad of ['../etc/passwd', 'a/b', 'x', 'ABC.mp4', '']) {
      expect(() => assertStorageKey(bad)).toThrow();
      await expect(storage.stat(bad)).rejects.toThrow('Invalid storage key');
    }
    expect(newStorageKey()).toMatch(/^[0-9a-f]{32}$/);
  });
});
