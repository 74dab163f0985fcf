import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { createPactVia } from '../pacts/testing';
import { fakeJpeg, fakeMp4, uploadMediaVia } from './testing';

let t: TestApp;
let dataDir: string;
let alice: SignedIn;
let bob: SignedIn;
let id: string;
const bytes = fakeMp4(1000, 4);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-media-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  id = await uploadMediaVia(t.app, alice, bytes, { kind: 'proof', filetype: 'video/mp4' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, who: SignedIn | null = alice) =>
  t.app.inject({ method: 'GET', url, headers: { ...(who?.headers ?? {}), ...headers } });

describe('GET /media/:id', () => {
  it('serves the whole file with type, length, validators and a private cache header', async () => {
    const res = await get(`/media/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
    });
    expect(res.headers.etag).toBe(`"${id}-1000"`);
    expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    const again = await get(`/media/${id}`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers byte ranges: closed, open, suffix, and 416 beyond the end', async () => {
    const first = await get(`/media/${id}`, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-99/1000');
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

    const open = await get(`/media/${id}`, { range: 'bytes=100-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 100-999/1000');
    expect(open.rawPayload.equals(bytes.subarray(100))).toBe(true);

    const suffix = await get(`/media/${id}`, { range: 'bytes=-50' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 950-999/1000');
    expect(suffix.rawPayload.equals(bytes.subarray(950))).toBe(true);

    const beyond = await get(`/media/${id}`, { range: 'bytes=1000-1100' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');

    // A stale If-Range gets the whole (current) file instead of a piece of it.
    const stale = await get(`/media/${id}`, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: `/media/${id}`,
      headers: { ...alice.headers, range: 'bytes=10-19' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-length']).toBe('10');
    expect(res.rawPayload.length).toBe(0);
  });

  it('is 404 for other users, visitors and unknown ids', async () => {
    expect((await get(`/media/${id}`, {}, bob)).statusCode).toBe(404);
    expect((await get(`/media/${id}`, {}, null)).statusCode).toBe(404);
    expect((await get('/media/0123456789abcdef0123456789abcdef')).statusCode).toBe(404);
    expect((await get('/media/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('plays a tutorial to people who may see its Pact, and to nobody else', async () => {
    const tutorial = await uploadMediaVia(t.app, alice, fakeMp4(1500, 30), {
      kind: 'tutorial',
      filetype: 'video/mp4',
    });
    expect((await get(`/media/${tutorial}`, {}, bob)).statusCode).toBe(404);
    const privatePact = await createPactVia(t.app, alice, {
      visibility: 'private',
      tutorialMediaId: tutorial,
    });
    expect(privatePact.tutorialVideoUrl).toBe(`/media/${tutorial}`);
    expect((await get(`/media/${tutorial}`, {}, bob)).statusCode).toBe(404);
    await createPactVia(t.app, alice, { visibility: 'public', tutorialMediaId: tutorial });
    const seen = await get(`/media/${tutorial}`, {}, bob);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.length).toBe(1500);
    expect((await get(`/media/${tutorial}`, {}, null)).statusCode).toBe(404);
  });

  it('serves thumbnails as JPEG', async () => {
    const thumb = await uploadMediaVia(t.app, alice, fakeJpeg(800), {
      kind: 'thumbnail',
      filetype: 'image/jpeg',
    });
    const res = await get(`/media/${thumb}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });
});
