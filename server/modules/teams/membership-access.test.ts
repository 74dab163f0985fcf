import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Participation } from '../../../shared/api/pacts';
import type { UserProfile } from '../../../shared/api/users';
import { DAY_MS } from '../../../shared/domain/limits';
import { localDate, WEEKDAYS } from '../../../shared/domain/time';
import { participations, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { fakeDevice } from '../../test/push-stub';
import { advanceBillingClock } from '../memberships/subscriptions';
import { dueReminders } from '../notifications/push-reminders';
import * as pushRepo from '../notifications/push-repo';
import { call, createPactVia } from '../pacts/testing';
import { enqueueProgressRecompute } from '../progress/jobs';
import { insertProof, settleProgress } from '../progress/testing';

/**
 * Access ends, membership ends (docs/TEAMS.md): a trial puts the member in the team's Pact; the subscription's end
 * ends that participation in the same transaction (no reminders, pushes or streak days; the profile shows it
 * ended); subscribing again brings them back with every past proof.
 */

let t: TestApp;
let coach: SignedIn;
let member: SignedIn;
let teamId: number;
let pactId: number;

beforeAll(async () => {
  t = await createTestApp();
  coach = await signUp(t.app, { firstName: 'Coach' });
  member = await signUp(t.app, { firstName: 'Member' });
  const pact = await createPactVia(t.app, coach, {
    title: 'Team lunges',
    visibility: 'pro',
    teamName: 'Lungers',
    teamDescription: 'Lunges together',
    monthlyPrice: 20,
    scheduleDays: [...WEEKDAYS],
    workoutTime: '07:00',
    totalDays: 365,
  });
  pactId = pact.id;
  teamId = pact.teamId!;
  await pushRepo.upsert(
    t.database.db,
    member.user.id,
    fakeDevice('http://127.0.0.1:9', 'member-phone'),
    10,
    new Date(),
  );
});
afterAll(() => t.close());

const stored = async () => {
  const [row] = await t.database.db
    .select({ status: participations.status, startDay: participations.startDay })
    .from(participations)
    .where(and(eq(participations.userId, member.user.id), eq(participations.pactId, pactId)));
  return row;
};
const count = async () =>
  (await call(t.app, coach, 'GET', `/api/challenges/${pactId}`)).body.participantCount;
const reminders = async () => {
  const body = (await call(t.app, member, 'GET', '/api/user/reminders')).body as {
    items: { challengeId: number }[];
  };
  return body.items.map((r) => r.challengeId);
};
/** Whether a push reminder is due for the member's Pact at 07:00 UTC today (their zone is UTC). */
const pushDue = async () => {
  const at = new Date(`${localDate(new Date(), 'UTC')}T07:00:00Z`);
  return (await dueReminders(t.app.ctx, at)).some((r) => r.userId === member.user.id && r.pactId === pactId);
};
const profileLists = async () => {
  const body = (await call(t.app, member, 'GET', `/api/users/${member.user.id}`)).body as UserProfile;
  const find = (list: Participation[]) => list.find((p) => p.challengeId === pactId)?.status ?? null;
  return { active: find(body.activeChallenges), completed: find(body.completedChallenges) };
};

describe('team access and membership', () => {
  it('a trial puts the member in the team Pact, with reminders and pushes', async () => {
    expect(await stored()).toBeUndefined();
    expect((await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
    expect(await stored()).toMatchObject({ status: 'active' });
    expect(await count()).toBe(2);
    expect(await reminders()).toContain(pactId);
    expect(await pushDue()).toBe(true);
    expect(await profileLists()).toEqual({ active: 'active', completed: null });
    // A counted workout while a member (stored as the proofs module stores one: whether a posted proof counts
    // depends on the hour of the run against the 07:00 window, which proofs/trust.test.ts covers), then its recompute.
    await insertProof(t.database.db, {
      userId: member.user.id,
      pactId,
      recordedDay: localDate(new Date(), 'UTC'),
      value: 12,
    });
    await enqueueProgressRecompute(t.database.db, member.user.id);
    await settleProgress(t.app.ctx);
  });

  it('the end of the subscription ends the participation: no reminders, pushes or streak days', async () => {
    expect((await call(t.app, member, 'POST', `/api/teams/${teamId}/subscription/cancel`)).status).toBe(200);
    // Canceled during the trial: access lasts until the trial's end, then the sweep ends it.
    await advanceBillingClock(t.app.ctx, 3 * DAY_MS);
    expect(await stored()).toMatchObject({ status: 'active' });
    await advanceBillingClock(t.app.ctx, 5 * DAY_MS);
    expect(await stored()).toMatchObject({ status: 'ended' });
    expect(await count()).toBe(1);
    expect(await reminders()).not.toContain(pactId);
    expect(await pushDue()).toBe(false);
    expect(await profileLists()).toEqual({ active: null, completed: 'ended' });
    const card = (await call(t.app, member, 'GET', `/api/challenges/${pactId}`)).body;
    expect(card).toMatchObject({ isParticipant: false, myStatus: null, teamAccess: false });
    // The ended Pact schedules no more days: the streak is not broken by it, the workout stays counted.
    await settleProgress(t.app.ctx);
    const [figures] = await t.database.db
      .select({ totalWorkouts: users.totalWorkouts })
      .from(users)
      .where(eq(users.id, member.user.id));
    expect(figures?.totalWorkouts).toBe(1);
    // Only the member's own participation ended: the coach stays.
    expect((await call(t.app, coach, 'GET', `/api/challenges/${pactId}`)).body.isParticipant).toBe(true);
  });

  it('subscribing again brings the member back as a returning member, past proofs kept', async () => {
    expect((await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
    expect(await stored()).toMatchObject({ status: 'active' });
    expect(await count()).toBe(2);
    expect(await reminders()).toContain(pactId);
    const chat = (await call(t.app, member, 'GET', `/api/challenges/${pactId}/messages`)).body as {
      items?: { type: string; userId: string }[];
    };
    const items = Array.isArray(chat) ? (chat as { type: string; userId: string }[]) : (chat.items ?? []);
    expect(items.filter((m) => m.type === 'workout_proof' && m.userId === member.user.id)).toHaveLength(1);
    await settleProgress(t.app.ctx);
    const [figures] = await t.database.db
      .select({ totalWorkouts: users.totalWorkouts })
      .from(users)
      .where(eq(users.id, member.user.id));
    expect(figures?.totalWorkouts).toBe(1);
  });

  it("someone else cannot end or start another member's membership", async () => {
    const stranger = await signUp(t.app);
    expect((await call(t.app, stranger, 'POST', `/api/teams/${teamId}/subscription/cancel`)).status).toBe(
      404,
    );
    expect(await stored()).toMatchObject({ status: 'active' });
  });
});
