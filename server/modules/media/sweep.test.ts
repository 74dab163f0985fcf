import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { STALE_UPLOAD_MS, sweepStaleUploads } from './service';
import { fakeWebm, tusHeaders, uploadMediaVia } from './testing';
import { createDatastore, createMediaEnv } from './tus';

let t: TestApp;
let dataDir: string;
let alice: SignedIn;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-media-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  alice = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startUpload(sent: number) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(alice, { 'upload-length': '4000' }, { kind: 'proof', filetype: 'video/webm' }),
  });
  const location = String(created.headers.location);
  await t.app.inject({
    method: 'PATCH',
    url: location,
    headers: tusHeaders(alice, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
    payload: fakeWebm(4000).subarray(0, sent),
  });
  return location.split('/').pop()!;
}

describe('sweepStaleUploads', () => {
  it('deletes uploads unfinished for 24 hours with their bytes, and keeps fresh and ready ones', async () => {
    const env = createMediaEnv(t.app.ctx, createDatastore(t.app.ctx));
    const stale = await startUpload(1500);
    const fresh = await startUpload(1000);
    const ready = await uploadMediaVia(t.app, alice, fakeWebm(2000), {
      kind: 'proof',
      filetype: 'video/webm',
    });
    const old = new Date(Date.now() - STALE_UPLOAD_MS - 60_000);
    await t.database.db.update(media).set({ createdAt: old }).where(eq(media.id, stale));
    await t.database.db.update(media).set({ createdAt: old }).where(eq(media.id, ready));
    expect(await env.storage.exists(stale)).toBe(true);

    expect(await sweepStaleUploads(env)).toBe(1);

    const ids = (await t.database.db.select({ id: media.id }).from(media)).map((r) => r.id).sort();
    expect(ids).toEqual([fresh, ready].sort());
    expect(await env.storage.exists(stale)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'media', `${stale}.json`))).toBe(false);
    expect(await env.storage.exists(fresh)).toBe(true);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/uploads/${stale}`,
      headers: tusHeaders(alice),
    });
    expect(head.statusCode).toBe(404);
  });
});
