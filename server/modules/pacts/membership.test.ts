import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../../shared/api/pacts';
import { pactLikes, pacts, participations, reports, subscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { refreshProgress } from '../progress/service';
import { completeFinished } from './participations-repo';
import { call, createPactVia } from './testing';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let pact: Challenge;

const counts = async (id: number) => {
  const [row] = await t.database.db
    .select({ participants: pacts.participantCount, likes: pacts.likeCount })
    .from(pacts)
    .where(eq(pacts.id, id));
  return row!;
};

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
  pact = await createPactVia(t.app, alice);
});
afterAll(() => t.close());

describe('join and leave', () => {
  it('join is idempotent and counts once', async () => {
    const first = await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/join`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      userId: bob.user.id,
      status: 'active',
      currentDay: 1,
      challengeId: pact.id,
      challenge: { isParticipant: true, participantCount: 2 },
    });
    const again = await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/join`);
    expect(again.body.id).toBe(first.body.id);
    expect((await counts(pact.id)).participants).toBe(2);
  });

  it('many people joining at once all get in, each counted once (no lock waits on another join)', async () => {
    const crowdPact = await createPactVia(t.app, alice, { title: 'Crowded' });
    const crowd = [
      bob,
      carol,
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
    const answers = await Promise.all(
      crowd.map((who) => call(t.app, who, 'POST', `/api/challenges/${crowdPact.id}/join`)),
    );
    expect(answers.map((a) => a.status)).toEqual(crowd.map(() => 200));
    expect((await counts(crowdPact.id)).participants).toBe(1 + crowd.length);
  });

  it('leave is idempotent; rejoining counts again', async () => {
    const left = await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/leave`);
    expect(left).toEqual({ status: 200, body: { ok: true, participantCount: 1 } });
    const again = await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/leave`);
    expect(again.body.participantCount).toBe(1);
    const never = await call(t.app, carol, 'POST', `/api/challenges/${pact.id}/leave`);
    expect(never.body.participantCount).toBe(1);
    const seen = await call(t.app, bob, 'GET', `/api/challenges/${pact.id}`);
    expect(seen.body).toMatchObject({ isParticipant: false, myStatus: null, currentDay: 1 });
    const rejoin = await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/join`);
    expect(rejoin.body.challenge.participantCount).toBe(2);
    expect((await counts(pact.id)).participants).toBe(2);
  });

  it('the creator cannot leave their own Pact (409)', async () => {
    const res = await call(t.app, alice, 'POST', `/api/challenges/${pact.id}/leave`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot leave your own Pact');
  });

  it('participants lists active members with their user', async () => {
    const res = await call(t.app, carol, 'GET', `/api/challenges/${pact.id}/participants`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      userId: alice.user.id,
      user: { id: alice.user.id, username: expect.any(String) },
    });
  });

  it('a Pro Pact needs the coach or a trialing or active subscription', async () => {
    const coach = await signUp(t.app);
    const pro = await createPactVia(t.app, coach, {
      visibility: 'pro',
      teamName: 'Crew',
      teamDescription: 'Coached',
    });
    const refused = await call(t.app, bob, 'POST', `/api/challenges/${pro.id}/join`);
    expect(refused).toEqual({
      status: 403,
      body: { error: 'forbidden', message: 'Start a trial to join this team Pact' },
    });
    expect((await counts(pro.id)).participants).toBe(1);
    const soon = new Date(Date.now() + 7 * 86_400_000);
    await t.database.db.insert(subscriptions).values({
      teamId: pro.teamId!,
      userId: bob.user.id,
      status: 'trialing',
      priceCents: 2900,
      currentPeriodEnd: soon,
      trialEndsAt: soon,
      provider: 'test',
    });
    expect((await call(t.app, bob, 'POST', `/api/challenges/${pro.id}/join`)).status).toBe(200);
    await t.database.db.insert(subscriptions).values({
      teamId: pro.teamId!,
      userId: carol.user.id,
      status: 'canceled',
      priceCents: 2900,
      currentPeriodEnd: new Date(Date.now() - 86_400_000),
      provider: 'test',
    });
    expect((await call(t.app, carol, 'POST', `/api/challenges/${pro.id}/join`)).status).toBe(403);
    expect((await counts(pro.id)).participants).toBe(2);
  });
});

describe('like', () => {
  it('toggles and keeps likeCount exact; each user likes once', async () => {
    const url = `/api/challenges/${pact.id}/like`;
    expect((await call(t.app, bob, 'POST', url)).body).toEqual({ liked: true, likeCount: 1 });
    expect((await call(t.app, carol, 'POST', url)).body).toEqual({ liked: true, likeCount: 2 });
    expect((await call(t.app, bob, 'POST', url)).body).toEqual({ liked: false, likeCount: 1 });
    expect((await call(t.app, bob, 'POST', url)).body).toEqual({ liked: true, likeCount: 2 });
    const rows = await t.database.db.select().from(pactLikes).where(eq(pactLikes.pactId, pact.id));
    expect(rows).toHaveLength(2);
    expect((await counts(pact.id)).likes).toBe(2);
    const seen = await call(t.app, bob, 'GET', `/api/challenges/${pact.id}`);
    expect(seen.body).toMatchObject({ likedByMe: true, likeCount: 2 });
  });

  it("GET /api/user/likes lists the caller's liked Pacts only", async () => {
    const other = await createPactVia(t.app, alice, { title: 'Other' });
    const bobs = await call(t.app, bob, 'GET', '/api/user/likes');
    expect(bobs.body.map((c: Challenge) => c.id)).toEqual([pact.id]);
    expect(bobs.body.map((c: Challenge) => c.id)).not.toContain(other.id);
    const alices = await call(t.app, alice, 'GET', '/api/user/likes');
    expect(alices.body).toEqual([]);
  });

  it('a liked Pact that became invisible drops out of the likes list', async () => {
    const dave = await signUp(t.app);
    const fleeting = await createPactVia(t.app, alice, { title: 'Fleeting' });
    await call(t.app, dave, 'POST', `/api/challenges/${fleeting.id}/like`);
    await call(t.app, alice, 'PATCH', `/api/challenges/${fleeting.id}`, { isHidden: true });
    const likes = await call(t.app, dave, 'GET', '/api/user/likes');
    expect(likes.body.map((c: Challenge) => c.id)).not.toContain(fleeting.id);
  });
});

describe('report', () => {
  it('files a report once per user (second time 409)', async () => {
    const url = `/api/challenges/${pact.id}/report`;
    expect((await call(t.app, bob, 'POST', url, { reason: 'Fake workouts' })).status).toBe(200);
    const again = await call(t.app, bob, 'POST', url, { reason: 'Still fake' });
    expect(again.status).toBe(409);
    expect((await call(t.app, carol, 'POST', url, { reason: 'Rude chat' })).status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.pactId, pact.id), eq(reports.status, 'open')));
    expect(rows.map((r) => r.reason).sort()).toEqual(['Fake workouts', 'Rude chat']);
  });

  it('needs a reason of 3 to 500 characters and refuses the own Pact', async () => {
    const url = `/api/challenges/${pact.id}/report`;
    expect((await call(t.app, bob, 'POST', url, { reason: 'no' })).status).toBe(400);
    expect((await call(t.app, bob, 'POST', url, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await call(t.app, bob, 'POST', url, {})).status).toBe(400);
    expect((await call(t.app, alice, 'POST', url, { reason: 'my own' })).status).toBe(400);
  });
});

describe('completion', () => {
  it('completes a participation after totalDays in the participant zone and lowers the count', async () => {
    const short = await createPactVia(t.app, alice, { totalDays: 3 });
    await call(t.app, bob, 'POST', `/api/challenges/${short.id}/join`);
    const day2 = await call(t.app, bob, 'GET', `/api/challenges/${short.id}`);
    expect(day2.body).toMatchObject({ currentDay: 1, participantCount: 2 });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db
      .update(participations)
      .set({ startDay: twoDaysAgo })
      .where(and(eq(participations.pactId, short.id), eq(participations.userId, bob.user.id)));
    expect((await call(t.app, bob, 'GET', `/api/challenges/${short.id}`)).body.currentDay).toBe(3);
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db
      .update(participations)
      .set({ startDay: fourDaysAgo })
      .where(and(eq(participations.pactId, short.id), eq(participations.userId, bob.user.id)));
    // Reads present it completed from its dates at once, and write nothing; progress's refresh stores it.
    const mine = await call(t.app, bob, 'GET', '/api/user/participations');
    const done = mine.body.find((p: { challengeId: number }) => p.challengeId === short.id);
    expect(done).toMatchObject({ status: 'completed', currentDay: 3 });
    expect((await counts(short.id)).participants).toBe(2);
    await refreshProgress(t.app.ctx);
    expect((await counts(short.id)).participants).toBe(1);
    // Joining a completed Pact again changes nothing.
    const rejoin = await call(t.app, bob, 'POST', `/api/challenges/${short.id}/join`);
    expect(rejoin.body.status).toBe('completed');
    expect((await counts(short.id)).participants).toBe(1);
  });

  it("progress's refresh completes finished participations of everyone, in their own time zone", async () => {
    const pactOf3 = await createPactVia(t.app, alice, { totalDays: 3 });
    const kiri = await signUp(t.app, { timeZone: 'Pacific/Kiritimati' });
    const honolulu = await signUp(t.app, { timeZone: 'Pacific/Honolulu' });
    for (const who of [kiri, honolulu]) await call(t.app, who, 'POST', `/api/challenges/${pactOf3.id}/join`);
    const members = eq(participations.pactId, pactOf3.id);
    const statuses = async () => {
      const rows = await t.database.db.select().from(participations).where(members);
      return (who: SignedIn) => rows.find((r) => r.userId === who.user.id)?.status;
    };
    const restart = async (startDay: string) => {
      await t.database.db.update(participations).set({ startDay, status: 'active' }).where(members);
      await t.database.db.update(pacts).set({ participantCount: 3 }).where(eq(pacts.id, pactOf3.id));
    };

    // Long finished: the refresh (real clock) completes both joiners and the creator.
    await restart('2020-01-01');
    await refreshProgress(t.app.ctx);
    let status = await statuses();
    expect([status(kiri), status(honolulu), status(alice)]).toEqual(['completed', 'completed', 'completed']);
    expect((await counts(pactOf3.id)).participants).toBe(0);

    // Days 1-3 are 03-08..03-10. At 2026-03-10T12:00Z Kiritimati (UTC+14) is on 03-11, Honolulu (UTC-10) on 03-10.
    await restart('2026-03-08');
    await completeFinished(t.database.db, new Date('2026-03-10T12:00:00Z'));
    status = await statuses();
    expect(status(kiri)).toBe('completed');
    expect(status(honolulu)).toBe('active');
    expect((await counts(pactOf3.id)).participants).toBe(2);
  });

  it('lists the active participations before the completed ones', async () => {
    const mine = await call(t.app, bob, 'GET', '/api/user/participations');
    const statuses: string[] = mine.body.map((p: { status: string }) => p.status);
    expect(statuses.indexOf('completed')).toBeGreaterThan(statuses.lastIndexOf('active'));
  });
});
