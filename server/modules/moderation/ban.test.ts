import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscriptions, users } from '../../db/schema';
import { billingProvider } from '../../platform/billing';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { friendCalls } from '../friends/testing';
import { call, createPactVia, createProPactVia } from '../pacts/testing';

/**
 * A banned user exists for nobody (docs/RULES.md, "Bans"): a banned coach's Pacts, team, conversations and friend
 * entry go from every screen of everyone else, and their members are not charged again.
 */

let t: TestApp;
let admin: SignedIn;
let coach: SignedIn;
let member: SignedIn;
let friend: SignedIn;
let stranger: SignedIn;
let openPactId: number;
let proPactId: number;
let teamId: number;

const ids = (items: { id: number }[]) => items.map((i) => i.id);

beforeAll(async () => {
  t = await createTestApp();
  [admin, coach, member, friend, stranger] = [
    await signUp(t.app),
    await signUp(t.app, { firstName: 'Coach' }),
    await signUp(t.app, { firstName: 'Member' }),
    await signUp(t.app, { firstName: 'Friend' }),
    await signUp(t.app, { firstName: 'Stranger' }),
  ];
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
  openPactId = (await createPactVia(t.app, coach, { title: 'Open to all' })).id;
  const pro = await createProPactVia(t.app, coach, 'Banned Crew');
  proPactId = pro.id;
  teamId = pro.teamId!;
  expect((await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
  expect((await call(t.app, member, 'POST', `/api/challenges/${openPactId}/join`)).status).toBe(200);
  expect((await call(t.app, member, 'POST', `/api/challenges/${proPactId}/join`)).status).toBe(200);
  expect(
    (await call(t.app, member, 'POST', `/api/messages/${coach.user.id}`, { message: 'Hi coach' })).status,
  ).toBe(201);
  const friends = friendCalls(t.app);
  await friends.add(friend, coach);
  await friends.answer(coach, friend, 'accept');
  expect(await friends.friendIds(friend)).toEqual([coach.user.id]);
});
afterAll(() => t?.close());

async function ban(who: SignedIn) {
  await call(t.app, stranger, 'POST', `/api/users/${who.user.id}/report`, { reason: 'Scamming members' });
  const queue = await call(t.app, admin, 'GET', '/api/admin/reports');
  const report = (queue.body.items as { id: number; user: { id: string } | null }[]).find(
    (r) => r.user?.id === who.user.id,
  );
  const res = await call(t.app, admin, 'POST', `/api/admin/reports/${report!.id}/resolve`, { action: 'ban' });
  expect(res.status).toBe(200);
  // The teams close through a durable job (teams.close), run here as the runner would.
  await runDueJobs(t.app.ctx);
}

describe('a banned coach', () => {
  it('before the ban, everyone finds what the coach offers', async () => {
    const discover = await call(t.app, stranger, 'GET', '/api/challenges?filter=all&limit=50');
    expect(ids(discover.body.items)).toContain(openPactId);
    expect(ids((await call(t.app, stranger, 'GET', '/api/teams')).body)).toContain(teamId);
  });

  it('after it, is gone for everyone else, and their members are not charged again', async () => {
    await ban(coach);

    // Pacts: hidden from whoever is not in them; their participants keep them.
    const discover = await call(t.app, stranger, 'GET', '/api/challenges?filter=all&limit=50');
    expect(ids(discover.body.items)).not.toContain(openPactId);
    expect((await call(t.app, stranger, 'GET', `/api/challenges/${openPactId}`)).status).toBe(404);
    expect((await call(t.app, stranger, 'POST', `/api/challenges/${openPactId}/join`)).status).toBe(404);
    expect((await call(t.app, member, 'GET', `/api/challenges/${openPactId}`)).status).toBe(200);

    // The team: not listed, not found, not for sale; the member keeps what they paid for, with no renewal.
    expect(ids((await call(t.app, stranger, 'GET', '/api/teams')).body)).not.toContain(teamId);
    expect((await call(t.app, stranger, 'GET', `/api/teams/${teamId}`)).status).toBe(404);
    expect((await call(t.app, stranger, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(404);
    expect((await call(t.app, member, 'GET', `/api/teams/${teamId}`)).status).toBe(200);
    const [sub] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, member.user.id));
    expect(sub).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    // And it stays so: the member cannot undo the cancel toward a banned coach.
    const resume = await call(t.app, member, 'POST', `/api/teams/${teamId}/subscription/resume`);
    expect(resume.status).toBe(409);
    const [still] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, member.user.id));
    expect(still!.cancelAtPeriodEnd).toBe(true);

    // Direct messages: no conversation, nothing to send, no unread count from them.
    expect(
      (await call(t.app, member, 'POST', `/api/messages/${coach.user.id}`, { message: 'Hello?' })).status,
    ).toBe(404);
    expect((await call(t.app, member, 'GET', `/api/messages/${coach.user.id}`)).status).toBe(404);
    const conversations = await call(t.app, member, 'GET', '/api/messages');
    expect(JSON.stringify(conversations.body)).not.toContain(coach.user.id);

    // Friends: gone from their friends' lists.
    expect(await friendCalls(t.app).friendIds(friend)).toEqual([]);
  });

  it('a cancel the billing provider refuses is retried until it goes through', async () => {
    const [coach2, member2] = [await signUp(t.app), await signUp(t.app)];
    const pro = await createProPactVia(t.app, coach2, 'Retry Crew');
    expect((await call(t.app, member2, 'POST', `/api/teams/${pro.teamId}/subscribe`)).status).toBe(200);
    const provider = billingProvider(t.app.ctx);
    const refused = vi
      .spyOn(provider, 'setCancelAtPeriodEnd')
      .mockRejectedValueOnce(new Error('provider away'));
    try {
      await ban(coach2);
      const flag = async () =>
        (
          await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member2.user.id))
        )[0]!.cancelAtPeriodEnd;
      expect(await flag()).toBe(false);
      // The job's next try, after its backoff.
      await runDueJobs(t.app.ctx, { now: new Date(Date.now() + 60_000) });
      expect(await flag()).toBe(true);
      expect(refused).toHaveBeenCalledTimes(2);
    } finally {
      refused.mockRestore();
    }
  });

  it('the ban is refused to anyone but an admin, and changes nothing then', async () => {
    await call(t.app, stranger, 'POST', `/api/users/${friend.user.id}/report`, { reason: 'Spam messages' });
    const queue = await call(t.app, admin, 'GET', '/api/admin/reports');
    const report = (queue.body.items as { id: number }[])[0]!;
    const res = await call(t.app, member, 'POST', `/api/admin/reports/${report.id}/resolve`, {
      action: 'ban',
    });
    expect(res.status).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, friend.user.id));
    expect(row!.bannedAt).toBeNull();
  });
});
