import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { storageFor } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { createPactVia } from '../pacts/testing';
import { postProof } from '../proofs/testing';
import { fakeMp4, fakeWebm, tusHeaders, uploadMediaVia } from './testing';

const OCTETS = 'application/offset+octet-stream';
const webm = { kind: 'proof', filetype: 'video/webm;codecs=vp8,opus' } as const;

let t: TestApp;
let dataDir: string;
let base: string;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-media-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function create(who: SignedIn, length: number, meta: Record<string, string> = webm) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(who, { 'upload-length': String(length) }, meta),
  });
}

function patch(who: SignedIn, location: string, offset: number, body: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: tusHeaders(who, { 'upload-offset': String(offset), 'content-type': OCTETS }),
    payload: body,
  });
}

const head = (who: SignedIn, location: string) =>
  t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(who) });

/** Sends part of a PATCH body over a real socket, then drops the connection like a lost mobile signal. */
async function droppedPatch(location: string, offset: number, body: Buffer, sent: number) {
  const req = http.request(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(alice, { 'upload-offset': String(offset), 'content-type': OCTETS }),
      'content-length': body.length,
    },
  });
  req.on('error', () => {});
  req.write(body.subarray(0, sent));
  await new Promise((r) => setTimeout(r, 300));
  req.destroy();
  await new Promise((r) => setTimeout(r, 300));
}

async function row(id: string) {
  const [r] = await t.database.db.select().from(media).where(eq(media.id, id));
  return r;
}

describe('resumable uploads (tus)', () => {
  it('resumes after a dropped connection and serves exactly the bytes sent, only once complete', async () => {
    const bytes = fakeWebm(6000);
    const created = await create(alice, bytes.length);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const id = location.split('/').pop()!;

    expect((await patch(alice, location, 0, bytes.subarray(0, 2000))).statusCode).toBe(204);
    await droppedPatch(location, 2000, bytes.subarray(2000), 1500);

    // The server keeps what reached it before the drop (all 1,500 bytes on an idle machine; how many arrive
    // before the socket dies depends on timing) and the client resumes from the offset HEAD reports.
    const h = await head(alice, location);
    expect(h.statusCode).toBe(200);
    const offset = Number(h.headers['upload-offset']);
    expect(offset).toBeGreaterThanOrEqual(2000);
    expect(offset).toBeLessThanOrEqual(3500);
    expect(h.headers['upload-length']).toBe('6000');
    expect((await row(id))?.status).toBe('uploading');
    // An unfinished upload is never served, not even to its owner.
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/${id}`, headers: alice.headers })).statusCode,
    ).toBe(404);

    const done = await patch(alice, location, offset, bytes.subarray(offset));
    expect(done.statusCode).toBe(204);
    expect(done.headers['media-id']).toBe(id);
    const served = await fetch(`${base}/media/${id}`, { headers: { cookie: alice.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await row(id)).toMatchObject({
      status: 'ready',
      sizeBytes: 6000,
      durationSeconds: null,
      ownerId: alice.user.id,
      // The same-bytes rule's hash, of exactly the stored bytes, whether streamed or read after the drop.
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it("answers 404 to another user's HEAD, PATCH, DELETE and GET; the owner may terminate", async () => {
    const bytes = fakeWebm(3000);
    const location = String((await create(alice, bytes.length)).headers.location);
    const id = location.split('/').pop()!;
    expect((await patch(alice, location, 0, bytes.subarray(0, 1000))).statusCode).toBe(204);

    expect((await head(bob, location)).statusCode).toBe(404);
    expect((await patch(bob, location, 1000, bytes.subarray(1000))).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(bob) })).statusCode,
    ).toBe(404);
    expect((await head(alice, location)).headers['upload-offset']).toBe('1000');

    const del = await t.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(alice) });
    expect(del.statusCode).toBe(204);
    await expect.poll(() => row(id)).toBeUndefined();
    expect(await storageFor(t.app.ctx).exists(id)).toBe(false);

    const ready = await uploadMediaVia(t.app, alice, fakeMp4(2000), { kind: 'proof', filetype: 'video/mp4' });
    for (const url of [`/media/${ready}`, `/api/media/${ready}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bob.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(
        url.startsWith('/api') ? 401 : 404,
      );
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/media/${ready}`, headers: alice.headers })).json(),
    ).toEqual({
      id: ready,
      kind: 'proof',
      url: `/media/${ready}`,
      contentType: 'video/mp4',
      sizeBytes: 2000,
      durationSeconds: 5,
    });
  });

  it("keeps a file a proof or a Pact uses: its owner's DELETE is a 409 and changes nothing", async () => {
    const tutorial = await uploadMediaVia(t.app, alice, fakeWebm(3000), {
      kind: 'tutorial',
      filetype: 'video/webm',
    });
    const pact = await createPactVia(t.app, alice, { tutorialMediaId: tutorial });
    const proof = await postProof(t.app, alice, pact.id);
    const proofVideo = String(proof.videoUrl).split('/').pop()!;
    for (const id of [tutorial, proofVideo]) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/uploads/${id}`,
        headers: tusHeaders(alice),
      });
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toContain('in use');
      expect((await row(id))?.status).toBe('ready');
      expect(await storageFor(t.app.ctx).exists(id)).toBe(true);
      // Still another person's upload for bob: 404 as before.
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: `/api/uploads/${id}`,
        headers: tusHeaders(bob),
      });
      expect(foreign.statusCode).toBe(404);
    }
    const served = await t.app.inject({ method: 'GET', url: `/media/${proofVideo}`, headers: alice.headers });
    expect(served.statusCode).toBe(200);

    // A finished file nothing uses is the owner's to drop.
    const unused = await uploadMediaVia(t.app, alice, fakeWebm(3000), webm);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${unused}`,
      headers: tusHeaders(alice),
    });
    expect(del.statusCode).toBe(204);
    expect(await row(unused)).toBeUndefined();
  });

  it('needs a session for every tus request', async () => {
    const anon = { headers: { cookie: '', origin: 'http://localhost:3000' } } as SignedIn;
    expect((await create(anon, 100)).statusCode).toBe(401);
    expect((await head(anon, '/api/uploads/0123456789abcdef0123456789abcdef')).statusCode).toBe(401);
  });

  it('refuses uploads over the size limit and types not allowed for the kind', async () => {
    expect((await create(alice, 200 * 1024 * 1024 + 1)).statusCode).toBe(413);
    expect(
      (await create(alice, 6 * 1024 * 1024, { kind: 'thumbnail', filetype: 'image/jpeg' })).statusCode,
    ).toBe(413);
    expect((await create(alice, 100, { kind: 'proof', filetype: 'image/jpeg' })).statusCode).toBe(415);
    expect((await create(alice, 100, { kind: 'thumbnail', filetype: 'video/webm' })).statusCode).toBe(415);
    expect((await create(alice, 100, { kind: 'banner', filetype: 'image/jpeg' })).statusCode).toBe(400);
    expect((await create(alice, 100, { filetype: 'video/webm' })).statusCode).toBe(400);
    const extra = await create(alice, 100, { ...webm, filename: '../../etc/passwd' });
    expect(extra.statusCode).toBe(400);
  });

  it('rejects files whose bytes lie about their type, deletes them and never serves them', async () => {
    const cases = [
      {
        bytes: Buffer.from('just some text pretending to be a video file '.repeat(20)),
        filetype: 'video/webm',
      },
      { bytes: fakeWebm(2000), filetype: 'video/mp4' },
      { bytes: fakeMp4(2000), filetype: 'video/webm' },
    ];
    for (const c of cases) {
      const location = String(
        (await create(alice, c.bytes.length, { kind: 'proof', filetype: c.filetype })).headers.location,
      );
      const id = location.split('/').pop()!;
      const res = await patch(alice, location, 0, c.bytes);
      expect(res.statusCode).toBe(415);
      expect(JSON.parse(res.body).error).toBe('unsupported_type');
      expect((await row(id))?.status).toBe('rejected');
      expect(await storageFor(t.app.ctx).exists(id)).toBe(false);
      expect(
        (await t.app.inject({ method: 'GET', url: `/media/${id}`, headers: alice.headers })).statusCode,
      ).toBe(404);
    }
  });

  it('refuses a lying file at its next PATCH, before the rest is sent', async () => {
    const location = String((await create(alice, 100_000)).headers.location);
    const id = location.split('/').pop()!;
    expect((await patch(alice, location, 0, Buffer.alloc(4000, 'text '))).statusCode).toBe(204);
    const next = await patch(alice, location, 4000, Buffer.alloc(4000, 'more '));
    expect(next.statusCode).toBe(415);
    expect((await row(id))?.status).toBe('rejected');
    expect(await storageFor(t.app.ctx).exists(id)).toBe(false);
    expect((await head(alice, location)).statusCode).toBe(404);
  });

  it('refuses videos longer than 10 minutes and records the duration of shorter ones', async () => {
    const long = fakeMp4(3000, 601);
    const location = String(
      (await create(alice, long.length, { kind: 'tutorial', filetype: 'video/mp4' })).headers.location,
    );
    const res = await patch(alice, location, 0, long);
    expect(res.statusCode).toBe(422);
    expect((await row(location.split('/').pop()!))?.status).toBe('rejected');

    const ok = await uploadMediaVia(t.app, alice, fakeWebm(3000, { durationSeconds: 599.6 }), webm);
    expect((await row(ok))?.durationSeconds).toBe(600);
  });
});
