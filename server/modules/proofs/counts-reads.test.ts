import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../../shared/domain/time';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { befriend, call, createPactVia } from '../pacts/testing';
import { settleProgress } from '../progress/testing';
import { decide, postProof } from './testing';

/**
 * The "counts" rule on every read (docs/RULES.md, One counted workout a day): a proof kept as a chat post that
 * counts for nothing, even approved, moves none of the figures people see: the calendar, the activity feeds, the
 * leaderboards and the person's own stats.
 */
let t: TestApp;
let creator: SignedIn;
let member: SignedIn;
let friend: SignedIn;
let stranger: SignedIn;
let pactId: number;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMIT: true });
  creator = await signUp(t.app, { firstName: 'Cora' });
  member = await signUp(t.app, { firstName: 'Max' });
  friend = await signUp(t.app, { firstName: 'Fred' });
  stranger = await signUp(t.app, { firstName: 'Sven' });
  await befriend(t.app, member, friend);
  const pact = await createPactVia(t.app, creator, {
    title: 'Every day, all day',
    workoutTime: null,
    scheduleDays: [...WEEKDAYS],
    totalDays: 30,
  });
  pactId = pact.id;
  await call(t.app, member, 'POST', `/api/challenges/${pactId}/join`);
});
afterAll(() => t?.close());

const get = async (who: SignedIn, url: string) => {
  const res = await call(t.app, who, 'GET', url);
  expect(res.status).toBe(200);
  return res.body;
};

/** Everything a person (or their friends, or strangers) sees of the member's workouts. */
async function whatPeopleSee() {
  await settleProgress(t.app.ctx);
  const board = async (metric: string) => {
    const body = (await get(member, `/api/leaderboard?metric=${metric}`)) as { me: unknown };
    return body.me;
  };
  const profile = (await get(member, `/api/users/${member.user.id}`)) as Record<string, unknown>;
  return {
    calendar: await get(member, '/api/user/calendar'),
    friendsFeed: await get(friend, '/api/user/activity?tab=friends'),
    nearFeed: await get(stranger, '/api/user/activity?tab=near'),
    boards: {
      streak: await board('streak'),
      points: await board('points'),
      workouts: await board('workouts'),
    },
    stats: { ...profile, lastActive: undefined },
    pact: await get(member, `/api/challenges/${pactId}`),
  };
}

describe('a proof that counts for nothing', () => {
  it('moves neither the calendar, the activity feeds, the leaderboards nor the stats, even approved', async () => {
    const first = await postProof(t.app, member, pactId, { value: 20 });
    expect(first.proof!.counts).toBe(true);
    expect((await decide(t.app, creator, pactId, first.proof!.id, 'approved')).status).toBe(200);
    const before = await whatPeopleSee();
    // The counted one shows: one calendar day, one item in each feed.
    expect(JSON.stringify(before.calendar)).toContain(String(first.proof!.id));
    expect(before.friendsFeed).toHaveLength(1);
    expect(before.nearFeed).toHaveLength(1);

    const second = await postProof(t.app, member, pactId, { value: 50 });
    expect(second.proof!.counts).toBe(false);
    expect((await decide(t.app, creator, pactId, second.proof!.id, 'approved')).status).toBe(200);
    expect(await whatPeopleSee()).toEqual(before);
  });
});
