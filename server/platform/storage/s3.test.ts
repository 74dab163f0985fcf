import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { sweepUnusedMedia, UNUSED_MEDIA_MS } from '../../modules/media/sweep';
import { fakeWebm, tusHeaders, uploadMediaVia } from '../../modules/media/testing';
import { createPactVia } from '../../modules/pacts/testing';
import { DELETION_GRACE_MS } from '../../modules/privacy/service';
import { unzip } from '../../modules/privacy/testing';
import { postProof } from '../../modules/proofs/testing';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { runDueJobs } from '../jobs';
import { S3Storage, storageFor } from './index';
import { startS3Server } from './s3-testing';

/** The media store on S3-compatible storage, against an S3 server started here (s3rver). */
const OCTETS = 'application/offset+octet-stream';
const MB = 1024 * 1024;

let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let base: string;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const storage = () => storageFor(t.app.ctx) as S3Storage;
async function objectKeys(): Promise<string[]> {
  const out = await storage().client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}
const keysOf = async (id: string) => (await objectKeys()).filter((k) => k.startsWith(id));

/** Sends `sent` bytes of a PATCH over a real socket, then drops the connection like a lost mobile signal. */
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
  await new Promise((r) => setTimeout(r, 1000));
  req.destroy();
  await new Promise((r) => setTimeout(r, 1000));
}

const head = (who: SignedIn, location: string) =>
  t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(who) });

describe('S3 storage (s3rver)', () => {
  it('stores, reads ranges of, and deletes objects', async () => {
    expect(storage()).toBeInstanceOf(S3Storage);
    const key = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5';
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    await storage().put(key, bytes);
    expect(await storage().stat(key)).toMatchObject({ size: 5000 });
    expect(await storage().read(key, { start: 100, end: 199 })).toEqual(bytes.subarray(100, 200));
    await storage().delete(key);
    expect(await storage().exists(key)).toBe(false);
    expect(await keysOf(key)).toEqual([]);
  });

  it('resumes a proof upload cut mid-way and plays the whole file back with range requests', async () => {
    // Over one 8 MB part, so the store uploads a real multipart part, keeps the rest aside, and resumes.
    const bytes = fakeWebm(12 * MB + 12345);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(
        alice,
        { 'upload-length': String(bytes.length) },
        { kind: 'proof', filetype: 'video/webm' },
      ),
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const id = location.split('/').pop()!;

    await droppedPatch(location, 0, bytes, 9 * MB);
    const h = await head(alice, location);
    expect(h.statusCode).toBe(200);
    const offset = Number(h.headers['upload-offset']);
    // What reached the store before the cut is kept: at least the finished 8 MB part (the rest of what arrived
    // is kept aside as a `.part` object; how much arrives before the socket dies depends on timing).
    expect(offset).toBeGreaterThanOrEqual(8 * MB);
    expect(offset).toBeLessThanOrEqual(9 * MB);
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/${id}`, headers: alice.headers })).statusCode,
    ).toBe(404);

    const done = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: tusHeaders(alice, { 'upload-offset': String(offset), 'content-type': OCTETS }),
      payload: bytes.subarray(offset),
    });
    expect(done.statusCode).toBe(204);
    expect(done.headers['media-id']).toBe(id);
    const [row] = await t.database.db.select().from(media).where(eq(media.id, id));
    expect(row).toMatchObject({ status: 'ready', sizeBytes: bytes.length });
    // The finished object is the file; the tus bookkeeping beside it is gone or only its info.
    expect(await s3.openMultipartUploads()).toEqual([]);

    const whole = await fetch(`${base}/media/${id}`, { headers: { cookie: alice.cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const ranges: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      [`bytes=${8 * MB - 10}-${8 * MB + 9}`, 8 * MB - 10, 8 * MB + 9],
      ['bytes=-50', bytes.length - 50, bytes.length - 1],
    ];
    for (const [range, start, end] of ranges) {
      const part = await fetch(`${base}/media/${id}`, { headers: { cookie: alice.cookie, range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await fetch(`${base}/media/${id}`, {
      headers: { cookie: alice.cookie, range: `bytes=${bytes.length + 10}-` },
    });
    expect(beyond.status).toBe(416);
    expect((await fetch(`${base}/media/${id}`, { headers: { cookie: bob.cookie } })).status).toBe(404);
  });

  it('leaves no object behind: a cancelled upload, a deleted Pact, and the sweep of unused files', async () => {
    // Cancelled mid-way: the multipart upload is aborted and its bookkeeping deleted.
    const bytes = fakeWebm(10 * MB);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(
        alice,
        { 'upload-length': String(bytes.length) },
        { kind: 'proof', filetype: 'video/webm' },
      ),
    });
    const location = String(created.headers.location);
    const cancelled = location.split('/').pop()!;
    await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: tusHeaders(alice, { 'upload-offset': '0', 'content-type': OCTETS }),
      payload: bytes.subarray(0, 9 * MB),
    });
    expect(await keysOf(cancelled)).not.toEqual([]);
    const del = await t.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(alice) });
    expect(del.statusCode).toBe(204);
    // The row and the store's leftovers go right after tus answered.
    await expect.poll(() => keysOf(cancelled)).toEqual([]);
    expect(await s3.openMultipartUploads()).toEqual([]);

    // A Pact deleted with its tutorial and proofs.
    const tutorial = await uploadMediaVia(t.app, alice, fakeWebm(3000), {
      kind: 'tutorial',
      filetype: 'video/webm',
    });
    const pact = await createPactVia(t.app, alice, { tutorialMediaId: tutorial });
    await postProof(t.app, alice, pact.id);
    const proofVideo = (
      await t.database.db
        .select({ id: media.id })
        .from(media)
        .where(sql`${media.kind} = 'proof' and ${media.ownerId} = ${alice.user.id}`)
    ).map((r) => r.id);
    expect(await keysOf(tutorial)).not.toEqual([]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/challenges/${pact.id}`,
      headers: alice.headers,
    });
    expect(gone.statusCode).toBe(200);
    expect(await keysOf(tutorial)).toEqual([]);

    // Whatever no proof or Pact uses is swept after 24 hours, bytes by the queued job.
    await t.database.db
      .update(media)
      .set({ createdAt: new Date(Date.now() - UNUSED_MEDIA_MS - 1000) })
      .where(eq(media.ownerId, alice.user.id));
    await sweepUnusedMedia(t.app.ctx);
    await runDueJobs(t.app.ctx, { names: ['media.delete-bytes'] });
    for (const id of proofVideo) expect(await keysOf(id), id).toEqual([]);
    const left = await t.database.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.ownerId, alice.user.id));
    expect(left).toEqual([]);
    expect(await objectKeys()).toEqual([]);
  });

  it('reads the export from the bucket byte for byte, and erasure leaves no object of the user behind', async () => {
    const carol = await signUp(t.app);
    const video = fakeWebm(6 * MB);
    const tutorial = await uploadMediaVia(t.app, carol, video, { kind: 'tutorial', filetype: 'video/webm' });
    const pact = await createPactVia(t.app, carol, { tutorialMediaId: tutorial });
    await postProof(t.app, carol, pact.id);
    const ids = (
      await t.database.db.select({ id: media.id }).from(media).where(eq(media.ownerId, carol.user.id))
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const id of ids) expect(await keysOf(id), id).not.toEqual([]);

    // Download my data streams each file from the bucket.
    // Over a real connection (the app listens), as a browser downloads it.
    const res = await fetch(`${base}/api/user/export`, { headers: carol.headers });
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    // Compared with Buffer.equals: a deep toEqual over megabytes takes minutes.
    expect(entries.get(`media/tutorial-${tutorial}.webm`)?.equals(video)).toBe(true);
    for (const id of ids) {
      const name = [...entries.keys()].find((n) => n.startsWith('media/') && n.includes(id));
      expect(name, id).toBeDefined();
      const stored = Buffer.concat(await (await storage().get(id)).toArray());
      expect(entries.get(name!)?.equals(stored), id).toBe(true);
    }

    // Full erasure after the grace: rows in one transaction, then every object in the bucket.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/data-deletion-request',
      headers: carol.headers,
      payload: { dataTypes: ['media'], contactEmail: carol.user.email, fullAccountDeletion: true },
    });
    expect(asked.statusCode).toBe(200);
    const later = new Date(Date.now() + DELETION_GRACE_MS + 60_000);
    await runDueJobs(t.app.ctx, { now: later });
    await runDueJobs(t.app.ctx, { now: later });
    for (const id of ids) expect(await keysOf(id), id).toEqual([]);
    expect(await objectKeys()).toEqual([]);
    expect(await s3.openMultipartUploads()).toEqual([]);
  }, 90_000);
});
