import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../shared/api/activity';
import type { Challenge } from '../../../shared/api/pacts';
import { addDays, localDate, OFFSET_SPAN_HORIZON_MS, WEEKDAYS, weekdayOf } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import { pacts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { tryDemo } from '../leaderboard/testing';
import { befriend, call, createPactVia } from '../pacts/testing';
import { insertProof } from '../progress/testing';
import type { SessionUser } from '../session/guard';
import { listReminders } from './service';

let t: TestApp;
let ann: SignedIn;
let bo: SignedIn;
let cy: SignedIn;
let di: SignedIn;
let boPublic: Challenge;
let boPrivate: Challenge;
let cyPublic: Challenge;
let cyFriends: Challenge;
const today = () => localDate(new Date(), 'UTC');

const activity = async (who: SignedIn, tab?: 'friends' | 'near') => {
  const res = await call(t.app, who, 'GET', `/api/user/activity${tab ? `?tab=${tab}` : ''}`);
  expect(res.status).toBe(200);
  return res.body as ActivityItem[];
};
const proof = (who: SignedIn, pact: Challenge, extra: Partial<Parameters<typeof insertProof>[1]> = {}) =>
  insertProof(t.database.db, { userId: who.user.id, pactId: pact.id, recordedDay: today(), ...extra });

beforeAll(async () => {
  t = await createTestApp();
  [ann, bo, cy, di] = await Promise.all([
    signUp(t.app, { firstName: 'Ann' }),
    signUp(t.app, { firstName: 'Bo' }),
    signUp(t.app, { firstName: 'Cy' }),
    signUp(t.app, { firstName: 'Di' }),
  ]);
  await befriend(t.app, ann, bo);
  boPublic = await createPactVia(t.app, bo, { title: 'Bo public', exerciseType: 'squats' });
  boPrivate = await createPactVia(t.app, bo, { title: 'Bo private', visibility: 'private' });
  cyPublic = await createPactVia(t.app, cy, { title: 'Cy public' });
  cyFriends = await createPactVia(t.app, cy, { title: 'Cy friends', visibility: 'friends' });
  await call(t.app, di, 'POST', `/api/challenges/${cyPublic.id}/join`);
});
afterAll(() => t.close());

describe('GET /api/user/activity (Friends)', () => {
  it("lists friends' approved workouts of today in Pacts the caller may see, newest first", async () => {
    // An hour ago, or halfway since midnight UTC when the day is younger than that (it must still be today).
    const midnight = Date.parse(`${today()}T00:00:00Z`);
    const hourAgo = new Date(Math.max(Date.now() - 3600_000, Math.ceil((midnight + Date.now()) / 2)));
    const id = await proof(bo, boPublic, { value: 42, createdAt: hourAgo });
    const newer = await proof(bo, boPublic, { value: 10 });
    await proof(bo, boPublic, { status: 'pending' });
    await proof(bo, boPublic, {
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      recordedDay: addDays(today(), -2),
    });
    await proof(bo, boPrivate);
    await proof(cy, cyPublic);
    const items = await activity(ann);
    expect(items.map((i) => i.id)).toEqual([newer, id]);
    expect(items[1]).toEqual({
      id,
      userId: bo.user.id,
      user: { firstName: 'Bo', username: bo.user.username, profileImageUrl: null },
      challengeId: boPublic.id,
      challengeTitle: 'Bo public',
      value: 42,
      type: 'squats',
      at: hourAgo.toISOString(),
      joined: false,
    });
    expect(await activity(ann, 'friends')).toEqual(items);
    // Bo's friends tab shows Ann's workouts, not his own.
    expect(await activity(bo)).toEqual([]);
  });

  it('shows at most 5 items', async () => {
    for (let i = 0; i < 6; i += 1) await proof(bo, boPublic);
    expect(await activity(ann)).toHaveLength(5);
  });
});

describe('GET /api/user/activity (Near You)', () => {
  it('lists recent approved workouts in public Pacts by people who are not friends', async () => {
    const cyProof = await proof(cy, cyPublic, { value: 7 });
    await proof(cy, cyFriends);
    await proof(ann, cyPublic);
    const items = await activity(ann, 'near');
    const ids = items.map((i) => i.id);
    expect(ids[0]).toBe(cyProof);
    expect(items.every((i) => i.challengeId === cyPublic.id)).toBe(true);
    expect(items.map((i) => i.userId)).not.toContain(bo.user.id);
    expect(items.map((i) => i.userId)).not.toContain(ann.user.id);
    // Joining flips the item's joined flag.
    await call(t.app, ann, 'POST', `/api/challenges/${cyPublic.id}/join`);
    expect((await activity(ann, 'near'))[0]).toMatchObject({ id: cyProof, joined: true });
  });

  it('leaves out blocked users both ways, hidden Pacts and demo users', async () => {
    const diProof = await proof(di, cyPublic);
    expect((await activity(ann, 'near')).map((i) => i.id)).toContain(diProof);
    await call(t.app, di, 'POST', `/api/users/${ann.user.id}/block`);
    expect((await activity(ann, 'near')).map((i) => i.userId)).not.toContain(di.user.id);
    expect((await activity(di, 'near')).map((i) => i.userId)).not.toContain(ann.user.id);

    const visitor = await tryDemo(t.app);
    await call(t.app, visitor, 'POST', `/api/challenges/${cyPublic.id}/join`);
    const demoProof = await proof(visitor, cyPublic);
    expect((await activity(cy, 'near')).map((i) => i.id)).not.toContain(demoProof);
    // The visitor sees real people's public workouts.
    expect((await activity(visitor, 'near')).length).toBeGreaterThan(0);

    await t.database.db.update(pacts).set({ isHidden: true }).where(eq(pacts.id, cyPublic.id));
    expect(await activity(bo, 'near')).toEqual([]);
  });

  it('refuses signed-out callers and unknown tabs', async () => {
    expect((await t.app.inject({ url: '/api/user/activity' })).statusCode).toBe(401);
    expect((await call(t.app, ann, 'GET', '/api/user/activity?tab=top')).status).toBe(400);
  });
});

describe('GET /api/user/reminders', () => {
  it("lists the caller's active Pacts scheduled today that have a workout time, earliest first", async () => {
    const eve = await signUp(t.app, { timeZone: 'Asia/Tokyo' });
    const zoneToday = localDate(new Date(), 'Asia/Tokyo');
    const todayName = weekdayOf(zoneToday);
    const otherDay = WEEKDAYS.find((d) => d !== todayName)!;
    const late = await createPactVia(t.app, eve, {
      title: 'Late',
      workoutTime: '21:15',
      scheduleDays: [todayName],
    });
    const early = await createPactVia(t.app, eve, {
      title: 'Early',
      workoutTime: '06:00',
      scheduleDays: [todayName],
    });
    await createPactVia(t.app, eve, { title: 'All day', workoutTime: null, scheduleDays: [todayName] });
    await createPactVia(t.app, eve, { title: 'Not today', workoutTime: '07:00', scheduleDays: [otherDay] });
    const joinedThenLeft = await createPactVia(t.app, ann, {
      workoutTime: '08:00',
      scheduleDays: [todayName],
    });
    await call(t.app, eve, 'POST', `/api/challenges/${joinedThenLeft.id}/join`);
    await call(t.app, eve, 'POST', `/api/challenges/${joinedThenLeft.id}/leave`);
    // Someone else's Pact the caller never joined does not remind them.
    await createPactVia(t.app, ann, { workoutTime: '09:00', scheduleDays: [todayName] });

    const before = Date.now();
    const res = await call(t.app, eve, 'GET', '/api/user/reminders');
    // Tokyo keeps +09:00 all year: the span reaches the search's horizon both ways around the answer.
    const { from, until, offsetSeconds } = res.body.offset;
    expect(offsetSeconds).toBe(9 * 3600);
    expect(Date.parse(from)).toBeLessThanOrEqual(before - OFFSET_SPAN_HORIZON_MS + 1000);
    expect(Date.parse(until)).toBeGreaterThanOrEqual(before + OFFSET_SPAN_HORIZON_MS - 1000);
    expect(res.body).toEqual({
      date: zoneToday,
      timeZone: 'Asia/Tokyo',
      offset: { offsetSeconds, from, until },
      workoutNotifications: true,
      items: [
        { challengeId: early.id, title: 'Early', workoutTime: '06:00' },
        { challengeId: late.id, title: 'Late', workoutTime: '21:15' },
      ],
    });
    await call(t.app, eve, 'PATCH', '/api/user/settings', { workoutNotifications: false });
    expect((await call(t.app, eve, 'GET', '/api/user/reminders')).body.workoutNotifications).toBe(false);
    expect((await t.app.inject({ url: '/api/user/reminders' })).statusCode).toBe(401);
  });

  it("gives the offset of the caller's zone up to its next daylight-saving change", async () => {
    const ben = await signUp(t.app, { timeZone: 'America/New_York' });
    // Only the database is read: the rest of the context is not needed for a direct call of the service.
    const ctx = { db: t.database.db, database: t.database, config: t.config } as AppContext;
    const me = { id: ben.user.id, timeZone: 'America/New_York' } as SessionUser;
    // New York leaves daylight saving at 2026-11-01 06:00 UTC.
    const answer = await listReminders(ctx, me, new Date('2026-11-01T03:00:00Z'));
    expect(answer.offset).toEqual({
      offsetSeconds: -4 * 3600,
      from: new Date(Date.parse('2026-11-01T03:00:00Z') - OFFSET_SPAN_HORIZON_MS).toISOString(),
      until: '2026-11-01T06:00:00.000Z',
    });
    expect(answer.date).toBe('2026-10-31');
  });
});
