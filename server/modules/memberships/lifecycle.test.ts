import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAnalytics } from '../../../shared/api/coaching';
import type { MyTeam, SubscriptionView, TeamPage } from '../../../shared/api/teams';
import { DAY_MS } from '../../../shared/domain/limits';
import { charges } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { coachTotals, coachTotalsFromRows } from '../billing/service';
import { openSocket, subscribe as subscribeRoom, type TestSocket, wsUrl } from '../chat/testing';
import { call, createPactVia } from '../pacts/testing';
import { postProof } from '../proofs/testing';
import { advanceBillingClock } from './subscriptions';

/**
 * The test-mode billing clock walked through a membership: trial -> active -> renewal -> failed payment ->
 * grace -> expired, with access asked through the API (join, chat, proof video) and the socket at each step.
 */

let t: TestApp;
let dataDir: string;
let url: string;
let coach: SignedIn;
let member: SignedIn;
let teamId: number;
let pactId: number;
let videoUrl: string;
const sockets: TestSocket[] = [];

const HOUR = 3600_000;
const advance = (ms: number) => advanceBillingClock(t.app.ctx, ms);
const team = async (who: SignedIn) =>
  (await call(t.app, who, 'GET', `/api/teams/${teamId}`)).body as TeamPage;
const notes = async (who: SignedIn) =>
  ((await call(t.app, who, 'GET', '/api/notifications')).body.items as Array<{ type: string }>).map(
    (n) => n.type,
  );
const play = async (who: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: videoUrl, headers: who.headers })).statusCode;

/** What the member can do in the team Pact now: join, read its chat, play the coach's proof video. */
async function access(who: SignedIn) {
  const join = (await call(t.app, who, 'POST', `/api/challenges/${pactId}/join`)).status;
  const chat = (await call(t.app, who, 'GET', `/api/challenges/${pactId}/messages`)).status;
  return { join, chat, video: await play(who) };
}
const ALLOWED = { join: 200, chat: 200, video: 200 };
/** The Pact as its card gets it: whether this caller joined it, and may use it now. */
const card = async (who: SignedIn) => {
  const body = (await call(t.app, who, 'GET', `/api/challenges/${pactId}`)).body;
  return { isParticipant: body.isParticipant as boolean, teamAccess: body.teamAccess as boolean };
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-teams-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  url = await wsUrl(t.app);
  coach = await signUp(t.app, { firstName: 'Coach' });
  member = await signUp(t.app, { firstName: 'Member' });
  const pact = await createPactVia(t.app, coach, {
    title: 'Team squats',
    visibility: 'pro',
    teamName: 'Squad',
    teamDescription: 'Squats together',
    monthlyPrice: 20,
  });
  pactId = pact.id;
  teamId = pact.teamId!;
  const proof = await postProof(t.app, coach, pactId);
  videoUrl = proof.videoUrl!;
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a membership on the test clock', () => {
  let socket: TestSocket;

  it('gives nothing team-only before a trial; the card stays visible', async () => {
    expect((await call(t.app, member, 'GET', `/api/challenges/${pactId}`)).status).toBe(200);
    expect(await card(member)).toEqual({ isParticipant: false, teamAccess: false });
    expect(await card(coach)).toEqual({ isParticipant: true, teamAccess: true });
    const before = await access(member);
    expect(before.join).toBe(403);
    expect(before.chat).toBe(403);
    expect(before.video).toBeGreaterThanOrEqual(400);
    const s = await openSocket(url, member);
    sockets.push(s);
    s.send({ type: 'subscribe', challengeId: pactId });
    expect((await s.next((f) => f.type === 'error' || f.type === 'subscribed')).type).toBe('error');
  });

  it('starts a 7-day trial that gives access at once', async () => {
    const res = await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`);
    expect(res.status).toBe(200);
    const sub = res.body.subscription as SubscriptionView;
    expect(sub.status).toBe('trialing');
    expect(sub.hasAccess).toBe(true);
    expect(new Date(sub.trialEndsAt!).getTime() - Date.now()).toBeGreaterThan(7 * DAY_MS - HOUR);
    expect(sub.nextChargeCents).toBe(2000);
    expect(await access(member)).toEqual(ALLOWED);
    expect(await card(member)).toEqual({ isParticipant: true, teamAccess: true });
    socket = await openSocket(url, member);
    sockets.push(socket);
    await subscribeRoom(socket, pactId);
    const page = await team(member);
    expect(page.memberCount).toBe(1);
    expect(page.hasAccess).toBe(true);
    expect(page.pacts.map((p) => p.id)).toEqual([pactId]);
  });

  it('reminds the day before the trial ends, once', async () => {
    await advance(6 * DAY_MS + HOUR);
    await advance(HOUR);
    expect((await notes(member)).filter((n) => n === 'trial_ending')).toHaveLength(1);
    expect(await access(member)).toEqual(ALLOWED);
  });

  it('charges at the trial end: active, one ledger row of 2000 = 300 + 1700', async () => {
    await advance(DAY_MS);
    const sub = (await team(member)).mySubscription!;
    expect(sub.status).toBe('active');
    const rows = await t.database.db.select().from(charges).where(eq(charges.teamId, teamId));
    expect(rows.map((r) => [r.grossCents, r.platformFeeCents, r.coachNetCents])).toEqual([[2000, 300, 1700]]);
    expect(await notes(member)).toContain('subscription_renewed');
    expect(await access(member)).toEqual(ALLOWED);
    // The coach's analytics count on the same clock: a converted trial, its charge as this month's revenue.
    const analytics = (await call(t.app, coach, 'GET', `/api/teams/${teamId}/analytics?period=month`))
      .body as TeamAnalytics;
    expect(analytics.totals).toMatchObject({ active: 1, trialing: 0, conversions: 1, conversionRate: 1 });
    expect(analytics.totals.mrrCents).toBe(2000);
    expect(analytics.series.at(-1)).toMatchObject({ conversions: 1, revenueCents: 2000, mrrCents: 2000 });
    expect((await call(t.app, member, 'GET', `/api/teams/${teamId}/analytics`)).status).toBe(404);
  });

  it('renews a month later', async () => {
    await advance(31 * DAY_MS);
    const rows = await t.database.db.select().from(charges).where(eq(charges.teamId, teamId));
    expect(rows).toHaveLength(2);
    expect((await team(member)).mySubscription!.status).toBe('active');
  });

  it('a failing card makes the next renewal past due, with access through the grace days', async () => {
    const card = await call(t.app, member, 'PATCH', `/api/teams/${teamId}/subscription/test-card`, {
      simulatePaymentFailure: true,
    });
    expect(card.status).toBe(200);
    await advance(31 * DAY_MS);
    const sub = (await team(member)).mySubscription!;
    expect(sub.status).toBe('past_due');
    expect(sub.hasAccess).toBe(true);
    expect(sub.graceEndsAt).not.toBeNull();
    expect(await notes(member)).toContain('payment_failed');
    expect(await access(member)).toEqual(ALLOWED);
    await advance(DAY_MS);
    expect(await access(member)).toEqual(ALLOWED);
  });

  it('expires when the grace ends: API refuses and the socket leaves the room at once', async () => {
    await advance(3 * DAY_MS);
    const sub = (await team(member)).mySubscription!;
    expect(sub.status).toBe('expired');
    expect(sub.hasAccess).toBe(false);
    const dropped = await socket.next((f) => f.type === 'unsubscribed');
    expect(dropped).toEqual({ type: 'unsubscribed', challengeId: pactId, reason: 'access_lost' });
    const after = await access(member);
    expect(after.join).toBe(403);
    expect(after.chat).toBe(403);
    expect(after.video).toBeGreaterThanOrEqual(400);
    expect(await notes(member)).toContain('subscription_canceled');
    expect((await team(member)).memberCount).toBe(0);
    // Access ends, membership ends: no longer a participant (a new subscription brings them back), on the Pact
    // and in the team page's list.
    expect(await card(member)).toEqual({ isParticipant: false, teamAccess: false });
    expect((await team(member)).pacts.map((p) => [p.isParticipant, p.teamAccess])).toEqual([[false, false]]);
    expect(await card(coach)).toEqual({ isParticipant: true, teamAccess: true });
    // No third charge: the failed period was never paid.
    expect(await t.database.db.select().from(charges).where(eq(charges.teamId, teamId))).toHaveLength(2);
  });

  it("the coach's payout is the sum of the ledger rows", async () => {
    const totals = await coachTotals(t.app.ctx, coach.user.id);
    expect(totals).toEqual(await coachTotalsFromRows(t.app.ctx, coach.user.id));
    expect(totals).toMatchObject({
      grossCents: 4000,
      platformFeeCents: 600,
      coachNetCents: 3400,
      charges: 2,
    });
  });

  it('a returning member pays at once (no second trial)', async () => {
    // The page offers the trial to someone new and to the coach's view of the offer, not to the returning member.
    const trialLine = '7-day free trial, cancel anytime';
    expect((await team(member)).features).not.toContain(trialLine);
    expect((await team(coach)).features).toContain(trialLine);
    expect((await team(await signUp(t.app))).features).toContain(trialLine);
    const res = await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`);
    expect(res.status).toBe(200);
    expect(res.body.subscription.status).toBe('active');
    expect(res.body.subscription.trialEndsAt).toBeNull();
    expect(await t.database.db.select().from(charges).where(eq(charges.teamId, teamId))).toHaveLength(3);
    expect(await access(member)).toEqual(ALLOWED);
  });
});

describe('cancel and recovery', () => {
  it('cancel keeps access to the period end, resume undoes it, and the end takes access', async () => {
    const other = await signUp(t.app);
    await call(t.app, other, 'POST', `/api/teams/${teamId}/subscribe`);
    const canceled = await call(t.app, other, 'POST', `/api/teams/${teamId}/subscription/cancel`);
    expect(canceled.body).toMatchObject({ cancelAtPeriodEnd: true, nextChargeAt: null, hasAccess: true });
    // My Teams says so too (the row read 'Free trial' until the access ended).
    const mine = async (who: SignedIn) =>
      ((await call(t.app, who, 'GET', '/api/user/teams')).body as MyTeam[]).find((x) => x.id === teamId);
    expect(await mine(other)).toMatchObject({ myStatus: 'trialing', myCancelAtPeriodEnd: true });
    expect(await mine(coach)).toMatchObject({ role: 'coach', myCancelAtPeriodEnd: false });
    const resumed = await call(t.app, other, 'POST', `/api/teams/${teamId}/subscription/resume`);
    expect(resumed.body).toMatchObject({ cancelAtPeriodEnd: false, nextChargeCents: 2000 });
    expect(await mine(other)).toMatchObject({ myStatus: 'trialing', myCancelAtPeriodEnd: false });
    await call(t.app, other, 'POST', `/api/teams/${teamId}/subscription/cancel`);
    expect((await access(other)).chat).toBe(200);
    await advance(8 * DAY_MS);
    expect((await team(other)).mySubscription!.status).toBe('canceled');
    expect((await access(other)).chat).toBe(403);
    const again = await call(t.app, other, 'POST', `/api/teams/${teamId}/subscription/resume`);
    expect(again.status).toBe(409);
  });

  it('switching the simulated card back while past due pays at once', async () => {
    const other = await signUp(t.app);
    await call(t.app, other, 'POST', `/api/teams/${teamId}/subscribe`);
    await call(t.app, other, 'PATCH', `/api/teams/${teamId}/subscription/test-card`, {
      simulatePaymentFailure: true,
    });
    await advance(7 * DAY_MS + HOUR);
    expect((await team(other)).mySubscription!.status).toBe('past_due');
    const fixed = await call(t.app, other, 'PATCH', `/api/teams/${teamId}/subscription/test-card`, {
      simulatePaymentFailure: false,
    });
    expect(fixed.body).toMatchObject({ status: 'active', hasAccess: true });
    expect(await notes(other)).toContain('subscription_renewed');
  });
});
