import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { UPLOAD_QUOTA } from './quota';
import { fakeWebm, tusHeaders } from './testing';
import { uploadIdOf } from './upload-routes';

const OCTETS = 'application/offset+octet-stream';
let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t?.close());

async function create(who: SignedIn, length = 4000) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(who, { 'upload-length': String(length) }, { kind: 'proof', filetype: 'video/webm' }),
  });
}
const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location).split('/').pop()!;
const offsetOf = async (who: SignedIn, id: string) =>
  (await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: tusHeaders(who) })).headers[
    'upload-offset'
  ];

describe('upload ids come from the path alone (probe hole 1)', () => {
  it("refuses '<mine>?x=/<victim>' for PATCH, HEAD and DELETE, and the victim's upload is untouched", async () => {
    const mine = idOf(await create(alice));
    const victim = idOf(await create(bob));
    const sneaky = `/api/uploads/${mine}?x=/${victim}`;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: sneaky,
      headers: tusHeaders(alice, { 'upload-offset': '0', 'content-type': OCTETS }),
      payload: fakeWebm(4000).subarray(0, 1000),
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().message).toBe('Upload URLs take no query string');
    for (const method of ['HEAD', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: sneaky, headers: tusHeaders(alice) })).statusCode).toBe(400);
    }
    // Nothing was written anywhere, and both uploads still exist.
    expect(await offsetOf(bob, victim)).toBe('0');
    expect(await offsetOf(alice, mine)).toBe('0');
    // Other spellings of a second id do not reach it either.
    for (const url of [`/api/uploads/${mine}/${victim}`, `/api/uploads/${mine}%2F${victim}`]) {
      const res = await t.app.inject({ method: 'DELETE', url, headers: tusHeaders(alice) });
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect(await offsetOf(bob, victim)).toBe('0');
    // The plain URL still works for the owner.
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${mine}`,
      headers: tusHeaders(alice, { 'upload-offset': '0', 'content-type': OCTETS }),
      payload: fakeWebm(4000).subarray(0, 1000),
    });
    expect(ok.statusCode).toBe(204);
    expect(await offsetOf(alice, mine)).toBe('1000');
  });

  it('derives exactly one id from a URL', () => {
    const id = randomBytes(16).toString('hex');
    expect(uploadIdOf(`/api/uploads/${id}`)).toBe(id);
    expect(() => uploadIdOf(`/api/uploads/${id}?x=/y`)).toThrow(/query string/);
    expect(() => uploadIdOf(`/api/uploads/${id}/`)).toThrow(/not found/);
    expect(() => uploadIdOf(`/api/uploads/../uploads/${id}`)).not.toThrow();
    expect(() => uploadIdOf('/api/uploads/')).toThrow(/not found/);
    expect(() => uploadIdOf(`/api/other/${id}`)).toThrow(/not found/);
  });
});

describe('upload quota (probe hole 6)', () => {
  it('allows 5 unfinished uploads at once per user: the 6th is a 429 until one is finished or cancelled', async () => {
    const carol = await signUp(t.app);
    const started = [];
    for (let i = 0; i < UPLOAD_QUOTA.maxUnfinished; i++) {
      const res = await create(carol);
      expect(res.statusCode).toBe(201);
      started.push(idOf(res));
    }
    const sixth = await create(carol);
    expect(sixth.statusCode).toBe(429);
    expect(JSON.parse(sixth.body).message).toMatch(/already have 5 unfinished uploads/);
    // Someone else is not affected.
    expect((await create(bob)).statusCode).toBe(201);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${started[0]}`,
      headers: tusHeaders(carol),
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await create(carol)).statusCode).toBe(201);
  });

  it('keeps each user under 2 GB of stored media: beyond it creation is a 413 and nothing is recorded', async () => {
    const dave = await signUp(t.app);
    // Dave already keeps just under 2 GB.
    await t.database.db.insert(media).values({
      id: randomBytes(16).toString('hex'),
      ownerId: dave.user.id,
      kind: 'proof',
      contentType: 'video/webm',
      sizeBytes: UPLOAD_QUOTA.maxStoredBytes - 3000,
      status: 'ready',
    });
    const count = async () => (await t.database.db.select().from(media)).length;
    const before = await count();
    const tooBig = await create(dave, 4000);
    expect(tooBig.statusCode).toBe(413);
    expect(JSON.parse(tooBig.body).message).toMatch(
      /at most 2 GB; you use 2048 MB and this upload needs 1 MB/,
    );
    expect(await count()).toBe(before);
    expect((await create(dave, 3000)).statusCode).toBe(201);
    expect((await create(dave, 1)).statusCode).toBe(413);
  });
});
