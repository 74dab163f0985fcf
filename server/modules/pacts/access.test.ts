import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../../shared/api/pacts';
import { blocks, pacts, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { befriendQuietly } from '../friends/service';
import { befriend, call, createPactVia } from './testing';

/** Every Pact endpoint refuses a second user who may not see the Pact: 404, never 403, and no change. */

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let dave: SignedIn;
let priv: Challenge;
let pub: Challenge;
let friendsOnly: Challenge;
let hidden: Challenge;

const ids = async (who: SignedIn, filter = 'all') =>
  (
    (await call(t.app, who, 'GET', `/api/challenges?filter=${filter}&limit=50`)).body.items as Challenge[]
  ).map((c) => c.id);

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol, dave] = await Promise.all([
    signUp(t.app, { firstName: 'Alice' }),
    signUp(t.app, { firstName: 'Bob' }),
    signUp(t.app, { firstName: 'Carol' }),
    signUp(t.app, { firstName: 'Dave' }),
  ]);
  await befriend(t.app, alice, carol);
  priv = await createPactVia(t.app, alice, { title: 'Private', visibility: 'private' });
  pub = await createPactVia(t.app, alice, { title: 'Public' });
  friendsOnly = await createPactVia(t.app, alice, { title: 'Friends', visibility: 'friends' });
  hidden = await createPactVia(t.app, alice, { title: 'Hidden later' });
  expect((await call(t.app, dave, 'POST', `/api/challenges/${hidden.id}/join`)).status).toBe(200);
  const hide = await call(t.app, alice, 'PATCH', `/api/challenges/${hidden.id}`, { isHidden: true });
  expect(hide.body.isHidden).toBe(true);
});
afterAll(() => t.close());

describe('a private Pact', () => {
  it('is 404 for another user on every endpoint and absent from lists', async () => {
    for (const [method, path, body] of [
      ['GET', ''],
      ['GET', '/participants'],
      ['POST', '/join'],
      ['POST', '/leave'],
      ['POST', '/like'],
      ['POST', '/report', { reason: 'spam spam' }],
      ['PATCH', '', { title: 'Mine now' }],
      ['DELETE', ''],
    ] as const) {
      const res = await call(t.app, bob, method, `/api/challenges/${priv.id}${path}`, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe('Pact not found');
    }
    for (const who of [bob, carol]) expect(await ids(who)).not.toContain(priv.id);
    expect(await ids(alice)).toContain(priv.id);
    const [row] = await t.database.db.select().from(pacts).where(eq(pacts.id, priv.id));
    expect(row).toMatchObject({ title: 'Private', participantCount: 1, likeCount: 0 });
  });

  it('is the same 404 as a Pact that does not exist', async () => {
    const res = await call(t.app, bob, 'GET', '/api/challenges/999999');
    expect(res).toEqual({ status: 404, body: { error: 'not_found', message: 'Pact not found' } });
  });
});

describe("another user's public Pact", () => {
  it('can be seen, but PATCH, hide and DELETE by a non-creator are 404 and change nothing', async () => {
    expect((await call(t.app, bob, 'GET', `/api/challenges/${pub.id}`)).status).toBe(200);
    for (const body of [{ title: 'Bob owns this' }, { isHidden: true }, { exerciseType: 'squats' }]) {
      const res = await call(t.app, bob, 'PATCH', `/api/challenges/${pub.id}`, body);
      expect(res.status).toBe(404);
    }
    expect((await call(t.app, bob, 'DELETE', `/api/challenges/${pub.id}`)).status).toBe(404);
    const [row] = await t.database.db.select().from(pacts).where(eq(pacts.id, pub.id));
    expect(row).toMatchObject({ title: 'Public', isHidden: false, exerciseType: 'push-ups' });
  });
});

describe('a friends-only Pact', () => {
  it("is visible to and joinable by the creator's friends only", async () => {
    expect(await ids(carol)).toContain(friendsOnly.id);
    expect(await ids(bob)).not.toContain(friendsOnly.id);
    expect((await call(t.app, bob, 'GET', `/api/challenges/${friendsOnly.id}`)).status).toBe(404);
    expect((await call(t.app, bob, 'POST', `/api/challenges/${friendsOnly.id}/join`)).status).toBe(404);
    expect((await call(t.app, bob, 'GET', `/api/challenges/${friendsOnly.id}/participants`)).status).toBe(
      404,
    );
    const join = await call(t.app, carol, 'POST', `/api/challenges/${friendsOnly.id}/join`);
    expect(join.status).toBe(200);
    expect(join.body.challenge.participantCount).toBe(2);
  });
});

describe('a hidden Pact', () => {
  it("is gone from other people's Discover and reads, but kept for its participants and creator", async () => {
    expect(await ids(bob)).not.toContain(hidden.id);
    expect((await call(t.app, bob, 'GET', `/api/challenges/${hidden.id}`)).status).toBe(404);
    expect((await call(t.app, bob, 'POST', `/api/challenges/${hidden.id}/join`)).status).toBe(404);
    expect(await ids(dave)).toContain(hidden.id);
    expect(await ids(alice)).toContain(hidden.id);
    const davesOwn = await call(t.app, dave, 'GET', '/api/user/participations');
    expect(davesOwn.body.map((p: { challengeId: number }) => p.challengeId)).toContain(hidden.id);
    const seen = await call(t.app, dave, 'GET', `/api/challenges/${hidden.id}/participants`);
    expect(seen.body.map((p: { userId: string }) => p.userId).sort()).toEqual(
      [alice.user.id, dave.user.id].sort(),
    );
  });

  it('shows again when the creator shows it', async () => {
    const other = await createPactVia(t.app, alice, { title: 'Toggle' });
    await call(t.app, alice, 'PATCH', `/api/challenges/${other.id}`, { isHidden: true });
    expect(await ids(bob)).not.toContain(other.id);
    await call(t.app, alice, 'PATCH', `/api/challenges/${other.id}`, { isHidden: false });
    expect(await ids(bob)).toContain(other.id);
  });
});

describe('a block', () => {
  it("removes each user's Pacts from the other's reads, lists and joins", async () => {
    const erin = await signUp(t.app, { firstName: 'Erin' });
    const erinsPact = await createPactVia(t.app, erin, { title: 'Erin public' });
    expect(await ids(bob)).toContain(erinsPact.id);
    await t.database.db.insert(blocks).values({ blockerId: erin.user.id, blockedId: bob.user.id });
    expect(await ids(bob)).not.toContain(erinsPact.id);
    expect((await call(t.app, bob, 'GET', `/api/challenges/${erinsPact.id}`)).status).toBe(404);
    expect((await call(t.app, bob, 'POST', `/api/challenges/${erinsPact.id}/join`)).status).toBe(404);
    const bobsPact = await createPactVia(t.app, bob, { title: 'Bob public' });
    expect(await ids(erin)).not.toContain(bobsPact.id);
    expect((await call(t.app, erin, 'GET', `/api/challenges/${bobsPact.id}`)).status).toBe(404);
  });
});

describe("a demo user's Pact", () => {
  it('is seen only by its own sandbox (friends), never by other visitors', async () => {
    const demo = await signUp(t.app, { firstName: 'Demo' });
    await t.database.db.update(users).set({ isDemo: true }).where(eq(users.id, demo.user.id));
    const demoPact = await createPactVia(t.app, demo, { title: 'Demo public' });
    expect(await ids(bob)).not.toContain(demoPact.id);
    expect((await call(t.app, bob, 'GET', `/api/challenges/${demoPact.id}`)).status).toBe(404);
    // Sandbox friendships are made directly, as the demo seeder does (demo accounts send no requests).
    await befriendQuietly(t.database.db, demo.user.id, carol.user.id);
    expect(await ids(carol)).toContain(demoPact.id);
  });
});

describe('signed out', () => {
  it('gets 401 from the Pact reads', async () => {
    for (const url of ['/api/challenges', `/api/challenges/${pub.id}`, '/api/user/participations']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
