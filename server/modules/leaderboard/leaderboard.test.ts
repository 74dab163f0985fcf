import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '../../../shared/api/leaderboard';
import { blocks, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { befriend, call } from '../pacts/testing';
import { insertUsers, setFigures, tryDemo } from './testing';

let t: TestApp;
let ann: SignedIn;
let bo: SignedIn;
let cy: SignedIn;
let di: SignedIn;
let ed: SignedIn;

const board = async (who: SignedIn, query = '') => {
  const res = await call(t.app, who, 'GET', `/api/leaderboard${query}`);
  expect(res.status).toBe(200);
  return res.body as { entries: LeaderboardEntry[]; me: LeaderboardEntry; metric: string; scope: string };
};
const ids = (entries: LeaderboardEntry[]) => entries.map((e) => e.userId);

beforeAll(async () => {
  t = await createTestApp();
  [ann, bo, cy, di, ed] = await Promise.all([
    signUp(t.app, { firstName: 'Ann' }),
    signUp(t.app, { firstName: 'Bo' }),
    signUp(t.app, { firstName: 'Cy' }),
    signUp(t.app, { firstName: 'Di' }),
    signUp(t.app, { firstName: 'Ed' }),
  ]);
  const db = t.database.db;
  await setFigures(db, ann.user.id, {
    streakCount: 5,
    streakPoints: 15,
    totalWorkouts: 5,
    totalXP: 50,
    level: 2,
  });
  await setFigures(db, bo.user.id, {
    streakCount: 3,
    streakPoints: 40,
    totalWorkouts: 12,
    totalXP: 120,
    level: 2,
  });
  await setFigures(db, cy.user.id, { streakCount: 3, streakPoints: 6, totalWorkouts: 3, totalXP: 30 });
  await setFigures(db, di.user.id, { streakCount: 1, streakPoints: 1, totalWorkouts: 1, totalXP: 10 });
  // Ed has done nothing: on no list, but still gets his own entry.
  await setFigures(db, 'ai-trainer', { streakCount: 99, streakPoints: 999, totalWorkouts: 99 });
});
afterAll(() => t.close());

describe('GET /api/leaderboard', () => {
  it('orders by the metric with competition ranks (ties share a rank) and leaves out users with 0', async () => {
    const streak = await board(ed);
    expect(streak).toMatchObject({ scope: 'global', metric: 'streak' });
    expect(ids(streak.entries)).toEqual([ann.user.id, ...[bo.user.id, cy.user.id].sort(), di.user.id]);
    expect(streak.entries.map((e) => [e.currentStreak, e.rank])).toEqual([
      [5, 1],
      [3, 2],
      [3, 2],
      [1, 4],
    ]);
    expect(streak.entries[0]).toEqual({
      userId: ann.user.id,
      firstName: 'Ann',
      lastName: 'User',
      username: ann.user.username,
      profileImageUrl: null,
      currentStreak: 5,
      streakPoints: 15,
      level: 2,
      totalWorkouts: 5,
      totalXP: 50,
      rank: 1,
    });
    // The caller with 0 is ranked after everyone above 0.
    expect(streak.me).toMatchObject({ userId: ed.user.id, currentStreak: 0, rank: 5 });

    const points = await board(ed, '?metric=points');
    expect(ids(points.entries)).toEqual([bo.user.id, ann.user.id, cy.user.id, di.user.id]);
    const workouts = await board(cy, '?metric=workouts');
    expect(workouts.entries.map((e) => e.totalWorkouts)).toEqual([12, 5, 3, 1]);
    expect(workouts.me).toMatchObject({ userId: cy.user.id, rank: 3 });
  });

  it('never lists the AI trainer or banned users', async () => {
    const fay = await signUp(t.app);
    await setFigures(t.database.db, fay.user.id, { streakCount: 50 });
    expect(ids((await board(ed)).entries)).toContain(fay.user.id);
    await t.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, fay.user.id));
    const after = await board(ed);
    expect(ids(after.entries)).not.toContain(fay.user.id);
    expect(ids(after.entries)).not.toContain('ai-trainer');
  });

  it('friends scope keeps the caller and their friends', async () => {
    await befriend(t.app, di, bo);
    const friends = await board(di, '?scope=friends');
    expect(friends.scope).toBe('friends');
    expect(ids(friends.entries)).toEqual([bo.user.id, di.user.id]);
    expect(friends.me.rank).toBe(2);
  });

  it('blocked users are absent both ways, also from the ranks', async () => {
    await t.database.db.insert(blocks).values({ blockerId: ann.user.id, blockedId: cy.user.id });
    const seenByAnn = await board(ann);
    expect(ids(seenByAnn.entries)).not.toContain(cy.user.id);
    const seenByCy = await board(cy);
    expect(ids(seenByCy.entries)).not.toContain(ann.user.id);
    // Without Ann above him, Cy ties with Bo for first place.
    expect(seenByCy.me).toMatchObject({ currentStreak: 3, rank: 1 });
    expect(ids((await board(bo)).entries)).toEqual(expect.arrayContaining([ann.user.id, cy.user.id]));
  });

  it('keeps demo sandboxes apart: a visitor sees real users and their own demo friends only', async () => {
    const visitor = await tryDemo(t.app);
    const other = await tryDemo(t.app);
    const friendsOf = async (who: SignedIn) =>
      ((await call(t.app, who, 'GET', '/api/user/friends')).body as { id: string }[]).map((f) => f.id);
    const [mine, theirs] = [await friendsOf(visitor), await friendsOf(other)];
    expect(mine.length).toBeGreaterThan(0);
    for (const id of [...mine, ...theirs, visitor.user.id, other.user.id]) {
      await setFigures(t.database.db, id, { streakCount: 7 });
    }
    const seenByVisitor = ids((await board(visitor)).entries);
    expect(seenByVisitor).toEqual(expect.arrayContaining([...mine, visitor.user.id, ann.user.id]));
    for (const id of [...theirs, other.user.id]) expect(seenByVisitor).not.toContain(id);
    const seenByReal = ids((await board(ed)).entries);
    for (const id of [...mine, ...theirs, visitor.user.id, other.user.id])
      expect(seenByReal).not.toContain(id);
  });

  it("returns the top 100 and the caller's own entry with its rank when outside them", async () => {
    await insertUsers(t.database.db, 120, (i) => ({ totalWorkouts: 1000 + i }));
    const res = await board(di, '?metric=workouts');
    expect(res.entries).toHaveLength(100);
    expect(res.entries[0]!.totalWorkouts).toBe(1119);
    expect(res.entries[99]!.rank).toBe(100);
    expect(ids(res.entries)).not.toContain(di.user.id);
    // 120 bulk users, Bo (12), Ann (5) and Cy (3) are ahead of Di's 1 workout.
    expect(res.me).toMatchObject({ userId: di.user.id, totalWorkouts: 1, rank: 124 });
    // A user Di blocked no longer counts above her.
    await call(t.app, di, 'POST', `/api/users/${res.entries[0]!.userId}/block`);
    expect((await board(di, '?metric=workouts')).me.rank).toBe(123);
    // A demo visitor outside the top 100 counts real users and their own sandbox friend above them.
    const visitor = await tryDemo(t.app);
    const [buddy] = (await call(t.app, visitor, 'GET', '/api/user/friends')).body as { id: string }[];
    await setFigures(t.database.db, visitor.user.id, { totalWorkouts: 1 });
    await setFigures(t.database.db, buddy!.id, { totalWorkouts: 5 });
    expect((await board(visitor, '?metric=workouts')).me.rank).toBe(125);
  });

  it('profile rank is 1 + the real users with more XP, with the stored streak and XP', async () => {
    const visitor = await tryDemo(t.app);
    await setFigures(t.database.db, visitor.user.id, { totalXP: 10_000 });
    const profile = await call(t.app, di, 'GET', `/api/users/${ann.user.id}`);
    expect(profile.body).toMatchObject({ streakCount: 5, totalXP: 50, level: 2, rank: 2 });
    expect((await call(t.app, ann, 'GET', `/api/users/${bo.user.id}`)).body.rank).toBe(1);
  });

  it('refuses signed-out callers and unknown parameters', async () => {
    expect((await t.app.inject({ url: '/api/leaderboard' })).statusCode).toBe(401);
    expect((await call(t.app, ann, 'GET', '/api/leaderboard?metric=xp')).status).toBe(400);
    expect((await call(t.app, ann, 'GET', '/api/leaderboard?scope=world')).status).toBe(400);
  });
});
