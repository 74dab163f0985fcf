import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Participation } from '../../../shared/api/pacts';
import { AI_TRAINER_WORKOUTS } from '../../../shared/domain/templates';
import { blocks, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { tryDemo } from '../leaderboard/testing';
import { befriend, call, createPactVia } from '../pacts/testing';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol] = await Promise.all([
    signUp(t.app, { firstName: 'Alice' }),
    signUp(t.app, { firstName: 'Bob' }),
    signUp(t.app, { firstName: 'Carol' }),
  ]);
});
afterAll(() => t.close());

describe('GET /api/users/:id', () => {
  it("shows a stranger's public fields and stats, never email or date of birth", async () => {
    await t.database.db.update(users).set({ totalXP: 500, bio: 'Runner' }).where(eq(users.id, alice.user.id));
    await t.database.db.update(users).set({ totalXP: 900 }).where(eq(users.id, carol.user.id));
    const res = await call(t.app, bob, 'GET', `/api/users/${alice.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: alice.user.id,
      firstName: 'Alice',
      lastName: 'User',
      bio: 'Runner',
      isProUser: false,
      isAiTrainer: false,
      totalXP: 500,
      rank: 2,
      isFriend: false,
      isSelf: false,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/email|dateOfBirth|1990-05-17/);
  });

  it('lists only the Pacts the caller may see, cut to 3 active and 5 created, with full counts', async () => {
    const dave = await signUp(t.app);
    const created = [];
    for (let i = 0; i < 6; i += 1) created.push(await createPactVia(t.app, dave, { title: `Public ${i}` }));
    const secret = await createPactVia(t.app, dave, { visibility: 'private', title: 'Secret' });
    const forFriends = await createPactVia(t.app, dave, { visibility: 'friends', title: 'Friends' });
    const seenByBob = (await call(t.app, bob, 'GET', `/api/users/${dave.user.id}`)).body;
    expect(seenByBob.counts).toEqual({ active: 6, completed: 0, created: 6, friends: 0 });
    expect(seenByBob.createdChallenges).toHaveLength(5);
    expect(seenByBob.activeChallenges).toHaveLength(3);
    const titles = JSON.stringify(seenByBob);
    expect(titles).not.toContain('Secret');
    expect(seenByBob.createdChallenges.map((c: { id: number }) => c.id)).not.toContain(secret.id);
    expect(titles).not.toContain('"Friends"');
    await befriend(t.app, bob, dave);
    const asFriend = (await call(t.app, bob, 'GET', `/api/users/${dave.user.id}`)).body;
    expect(asFriend.counts).toMatchObject({ active: 7, created: 7, friends: 1 });
    expect(asFriend.isFriend).toBe(true);
    const self = (await call(t.app, dave, 'GET', `/api/users/${dave.user.id}`)).body;
    expect(self).toMatchObject({ isSelf: true, counts: { active: 8, created: 8 } });
    expect(self.createdChallenges.map((c: { id: number }) => c.id).slice(0, 2)).toEqual([
      forFriends.id,
      secret.id,
    ]);
  });

  it('answers 404 "User not found" for an unknown id and for a blocked pair', async () => {
    const nobody = await call(t.app, bob, 'GET', '/api/users/nobody-here');
    expect(nobody).toEqual({ status: 404, body: { error: 'not_found', message: 'User not found' } });
    const erin = await signUp(t.app);
    await t.database.db.insert(blocks).values({ blockerId: bob.user.id, blockedId: erin.user.id });
    expect((await call(t.app, erin, 'GET', `/api/users/${bob.user.id}`)).status).toBe(404);
    expect((await call(t.app, bob, 'GET', `/api/users/${erin.user.id}`)).status).toBe(404);
    expect((await call(t.app, erin, 'GET', `/api/user/participations/${bob.user.id}`)).status).toBe(404);
  });

  it('ranks people by XP as the visitor sees the board: a demo sandbox among itself, not all #1', async () => {
    const demo = await tryDemo(t.app);
    const friends = (await call(t.app, demo, 'GET', '/api/user/friends')).body as { id: string }[];
    const ids = [demo.user.id, ...friends.map((f) => f.id).filter((id) => id !== 'ai-trainer')];
    expect(ids.length).toBeGreaterThan(2);
    const pages = await Promise.all(ids.map((id) => call(t.app, demo, 'GET', `/api/users/${id}`)));
    const people = pages.map((p) => p.body as { totalXP: number; rank: number });
    // Real users of this file with more XP (Alice 500, Carol 900) count too; the sandbox ranks among itself.
    const realAbove = (xp: number) => [500, 900].filter((v) => v > xp).length;
    for (const person of people) {
      const above = people.filter((other) => other.totalXP > person.totalXP).length;
      expect(person.rank).toBe(1 + above + realAbove(person.totalXP));
    }
    expect(new Set(people.map((p) => p.rank)).size).toBeGreaterThan(1);
  });

  it('shows the AI trainer with its five Pacts and no rank', async () => {
    const res = await call(t.app, bob, 'GET', '/api/users/ai-trainer');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'ai-trainer', isAiTrainer: true, rank: null, isFriend: false });
    expect(res.body.counts.created).toBe(AI_TRAINER_WORKOUTS.length);
    expect(res.body.createdChallenges).toHaveLength(5);
  });
});

describe('GET /api/user/participations/:userId', () => {
  it("shows another user's participations only in Pacts the caller may see", async () => {
    const frank = await signUp(t.app);
    const open = await createPactVia(t.app, frank, { title: 'Open' });
    const mine = await createPactVia(t.app, frank, { visibility: 'private', title: 'Mine' });
    const res = await call(t.app, alice, 'GET', `/api/user/participations/${frank.user.id}`);
    expect(res.status).toBe(200);
    const ids = (res.body as Participation[]).map((p) => p.challengeId);
    expect(ids).toEqual([open.id]);
    expect(res.body[0]).toMatchObject({ userId: frank.user.id, status: 'active', currentDay: 1 });
    const own = await call(t.app, frank, 'GET', `/api/user/participations/${frank.user.id}`);
    expect((own.body as Participation[]).map((p) => p.challengeId).sort()).toEqual([open.id, mine.id].sort());
    expect((await call(t.app, alice, 'GET', '/api/user/participations/nobody')).status).toBe(404);
  });
});
