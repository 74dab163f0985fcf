import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PreviousUpload, UrlStorage } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFingerprint, uploadFile } from '../../../client/lib/upload';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { fakeWebm, tusHeaders } from './testing';

/** The browser client helper, driven from Node against a real listening server. */
let t: TestApp;
let dataDir: string;
let endpoint: string;
let alice: SignedIn;

class MemoryUrlStorage implements UrlStorage {
  entries = new Map<string, PreviousUpload & { fingerprint: string }>();
  async findAllUploads() {
    return [...this.entries.values()];
  }
  async findUploadsByFingerprint(fingerprint: string) {
    return [...this.entries.values()].filter((e) => e.fingerprint === fingerprint);
  }
  async removeUpload(key: string) {
    this.entries.delete(key);
  }
  async addUpload(fingerprint: string, upload: PreviousUpload) {
    const key = `k${this.entries.size + 1}`;
    this.entries.set(key, { ...upload, urlStorageKey: key, fingerprint });
    return key;
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-media-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/uploads`;
  alice = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const served = async (mediaId: string) =>
  (await t.app.inject({ method: 'GET', url: `/media/${mediaId}`, headers: alice.headers })).rawPayload;

describe('client uploadFile (tus-js-client)', () => {
  it('uploads a Blob and answers its media id and playback URL', async () => {
    const bytes = fakeWebm(20_000);
    const progress: number[] = [];
    const result = await uploadFile(new Blob([new Uint8Array(bytes)], { type: 'video/webm;codecs=vp8' }), {
      kind: 'proof',
      endpoint,
      headers: alice.headers,
      urlStorage: new MemoryUrlStorage(),
      onProgress: (sent) => progress.push(sent),
    });
    expect(result.url).toBe(`/media/${result.mediaId}`);
    expect((await served(result.mediaId)).equals(bytes)).toBe(true);
    expect(progress.at(-1)).toBe(20_000);
  });

  it('resumes an earlier, interrupted upload of the same bytes instead of starting over', async () => {
    const bytes = fakeWebm(30_000);
    const blob = new Blob([new Uint8Array(bytes)], { type: 'video/webm' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(alice, { 'upload-length': '30000' }, { kind: 'proof', filetype: 'video/webm' }),
    });
    const location = String(created.headers.location);
    await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: tusHeaders(alice, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      payload: bytes.subarray(0, 12_000),
    });
    const storage = new MemoryUrlStorage();
    const fingerprint = await contentFingerprint(blob, 'proof');
    expect(fingerprint).toMatch(/^sp-[0-9a-f]{64}$/);
    await storage.addUpload(fingerprint!, {
      size: 30_000,
      metadata: {},
      creationTime: new Date().toISOString(),
      urlStorageKey: '',
      uploadUrl: `${new URL(endpoint).origin}${location}`,
      parallelUploadUrls: null,
    });

    const progress: number[] = [];
    const result = await uploadFile(blob, {
      kind: 'proof',
      endpoint,
      headers: alice.headers,
      urlStorage: storage,
      onProgress: (sent) => progress.push(sent),
    });
    expect(result.mediaId).toBe(location.split('/').pop());
    expect(progress[0]).toBeGreaterThanOrEqual(12_000);
    expect((await served(result.mediaId)).equals(bytes)).toBe(true);
    expect(storage.entries.size).toBe(0);
  });

  it('rejects with "STATUS: body" when the server refuses the bytes, and on abort', async () => {
    const text = new Blob(['not a video '.repeat(100)], { type: 'video/webm' });
    const opts = {
      kind: 'proof' as const,
      endpoint,
      headers: alice.headers,
      urlStorage: new MemoryUrlStorage(),
    };
    await expect(uploadFile(text, opts)).rejects.toThrow(/^415: .*not a valid video\/webm/);
    // A refused upload is forgotten, so the same bytes are never "resumed" into a dead upload.
    expect(opts.urlStorage.entries.size).toBe(0);
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadFile(new Blob([new Uint8Array(fakeWebm(1000))], { type: 'video/webm' }), {
        ...opts,
        signal: controller.signal,
      }),
    ).rejects.toThrow('Upload cancelled');
  });
});
