import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaUrl } from '../../../shared/api/media';
import { billingProvider } from '../../platform/billing';
import { linkIn, readOutbox } from '../../platform/email/testing';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { ORIGIN, type SignedIn, signUp } from '../../test/factories';
import { openSocket, sendOk, wsUrl } from '../chat/testing';
import { friendCalls } from '../friends/testing';
import { mediaEnvFor } from '../media/env';
import { fakeWebm, uploadMediaVia } from '../media/testing';
import { call, createPactVia, createProPactVia } from '../pacts/testing';
import { settleProgress } from '../progress/testing';
import { decide, postProof } from '../proofs/testing';
import { USER_COLUMNS } from './export-rules';
import { DELETION_GRACE_MS } from './service';

const userColumns = USER_COLUMNS;

let t: TestApp;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-erasure-'));
const later = () => new Date(Date.now() + DELETION_GRACE_MS + 60_000);

async function rowsOf(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of userColumns) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
    );
    counts[`${table}.${column}`] = row!.n;
  }
  counts['users.id'] = (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where id = ${userId}`,
    )
  )[0]!.n;
  return counts;
}

const storage = () => mediaEnvFor(t.app.ctx).storage;
async function filesKept(ids: string[]) {
  const kept = [];
  for (const id of ids) if (await storage().exists(id)) kept.push(id);
  return kept;
}
async function mediaIdsOf(userId: string) {
  return (
    await queryRows<{ id: string }>(t.database.db, sql`select id from media where owner_id = ${userId}`)
  ).map((r) => r.id);
}

/** A user with something of every kind: own Pact with a tutorial and another's proof in it, a proof, messages,
 * friends, a pending request, a block, a like. */
async function busyUser() {
  const me = await signUp(t.app, { firstName: 'Erin', lastName: 'Erased' });
  const friend = await signUp(t.app);
  const other = await signUp(t.app);
  const stranger = await signUp(t.app);
  const friends = friendCalls(t.app);
  await friends.add(me, friend);
  await friends.add(friend, me);
  await friends.add(stranger, me);
  await call(t.app, me, 'POST', `/api/users/${other.user.id}/block`);
  const tutorial = await uploadMediaVia(t.app, me, fakeWebm(3000), {
    kind: 'tutorial',
    filetype: 'video/webm',
  });
  const own = await createPactVia(t.app, me, { title: 'Erin pact', tutorialVideoUrl: mediaUrl(tutorial) });
  await call(t.app, friend, 'POST', `/api/challenges/${own.id}/join`);
  const friendsProof = await postProof(t.app, friend, own.id);
  // All day, every day: today's proof counts (docs/RULES.md "One counted workout a day").
  const theirs = await createPactVia(t.app, friend, {
    title: 'Friend pact',
    workoutTime: null,
    scheduleDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  });
  await call(t.app, me, 'POST', `/api/challenges/${theirs.id}/join`);
  await call(t.app, me, 'POST', `/api/challenges/${theirs.id}/like`);
  const myProof = await postProof(t.app, me, theirs.id);
  const myMessage = await sendOk(t.app, me, theirs.id, 'hello from Erin');
  return { me, friend, own, theirs, friendsProof, myProof, myMessage, tutorial };
}

async function requestDeletion(who: SignedIn, dataTypes: string[], fullAccountDeletion = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/data-deletion-request',
    headers: who.headers,
    payload: { dataTypes, contactEmail: who.user.email, fullAccountDeletion },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; status: string; runAfter: string };
}

beforeAll(async () => {
  // More sign-ups than an address may make an hour; the limits are privacy.test.ts's and the auth tests' subject.
  t = await createTestApp({ DATA_DIR: dataDir, DISABLE_RATE_LIMIT: true });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Mails sent so far to this address (the mail jobs that are due run first). */
async function mailsTo(email: string, subject?: string): Promise<ParsedMail[]> {
  await runDueJobs(t.app.ctx);
  return (await readOutbox(path.join(dataDir, 'outbox'))).filter(
    (m) =>
      m.to &&
      'text' in m.to &&
      m.to.text.toLowerCase() === email.toLowerCase() &&
      (subject === undefined || m.subject === subject),
  );
}
const DONE_SUBJECT = 'Your SweatPact data has been deleted';
const link = (mail: ParsedMail | undefined, kind: 'confirm' | 'cancel') =>
  linkIn(mail!, new RegExp(`/api/data-deletion-request/${kind}\\?token=[\\w-]+`))!;

describe('erasure after the grace', () => {
  it('reads every user-referencing column from the schema', () => {
    const names = userColumns.map((c) => `${c.table}.${c.column}`);
    for (const expected of [
      'chat_messages.user_id',
      'proofs.user_id',
      'media.owner_id',
      'sessions.user_id',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('does nothing before the grace ends, then erases a whole account: no row references it, no file of it remains, its socket closes', async () => {
    const { me, friend, own, theirs, friendsProof, tutorial } = await busyUser();
    const myFiles = await mediaIdsOf(me.user.id);
    expect(myFiles.length).toBeGreaterThanOrEqual(2);
    const [inMine] = await queryRows<{ video: string }>(
      t.database.db,
      sql`select video_media_id as video from proofs where id = ${friendsProof.proof!.id}`,
    );
    const friendsElsewhere = (await mediaIdsOf(friend.user.id)).filter((id) => id !== inMine!.video);
    const socket = await openSocket(await wsUrl(t.app), me);
    await requestDeletion(me, ['profile'], true);

    expect(await runDueJobs(t.app.ctx, { now: new Date() })).toMatchObject({ done: expect.any(Number) });
    expect((await rowsOf(me.user.id))['users.id']).toBe(1);

    await runDueJobs(t.app.ctx, { now: later() });
    const left = Object.entries(await rowsOf(me.user.id)).filter(([, n]) => n > 0);
    expect(left).toEqual([]);
    expect(await filesKept(myFiles)).toEqual([]);
    expect(await filesKept([tutorial])).toEqual([]);
    // The friend's proof lived in Erin's Pact, which is gone with its file; the friend's own Pact stays.
    expect(await filesKept([inMine!.video])).toEqual([]);
    expect(await filesKept(friendsElsewhere)).toEqual(friendsElsewhere);
    expect((await call(t.app, friend, 'GET', `/api/challenges/${own.id}`)).status).toBe(404);
    expect((await call(t.app, friend, 'GET', `/api/challenges/${theirs.id}`)).status).toBe(200);
    // Sessions ended: the cookie is signed out, the socket was closed.
    expect((await call(t.app, me, 'GET', '/api/auth/user')).status).toBe(401);
    await socket.closed;
    // The completion mail went to the contact address.
    expect(await mailsTo(me.user.email, DONE_SUBJECT)).toHaveLength(1);
  });

  it('erases exactly the chosen types and leaves the rest', async () => {
    const { me, friend, theirs, myMessage } = await busyUser();
    const myFiles = await mediaIdsOf(me.user.id);
    await requestDeletion(me, ['chat', 'social']);
    await runDueJobs(t.app.ctx, { now: later() });
    const rows = await rowsOf(me.user.id);
    // chat: text messages gone (the proof's message stays: proofs are workouts); social: friends, requests, blocks, likes gone.
    expect(rows['friendships.user_id']! + rows['friendships.friend_id']!).toBe(0);
    expect(rows['friend_requests.requester_id']! + rows['friend_requests.addressee_id']!).toBe(0);
    expect(rows['blocks.blocker_id']).toBe(0);
    expect(rows['pact_likes.user_id']).toBe(0);
    const messages = await queryRows<{ type: string }>(
      t.database.db,
      sql`select type from chat_messages where user_id = ${me.user.id}`,
    );
    expect(messages.map((m) => m.type)).toEqual(['workout_proof']);
    expect(
      await queryRows(t.database.db, sql`select 1 from chat_messages where id = ${myMessage.id}`),
    ).toEqual([]);
    // Kept: the account, participations, proofs, files.
    expect(rows['users.id']).toBe(1);
    expect(rows['participations.user_id']).toBeGreaterThan(0);
    expect(rows['proofs.user_id']).toBe(1);
    expect(await filesKept(myFiles)).toEqual(myFiles);
    expect((await call(t.app, me, 'GET', `/api/challenges/${theirs.id}`)).status).toBe(200);
    expect((await call(t.app, friend, 'GET', '/api/user/friends')).body).toEqual([]);
  });

  it('workouts, media and profile: proofs and participations go with their files, the profile is anonymised, the account stays', async () => {
    const { me, friend, theirs, myProof } = await busyUser();
    expect((await decide(t.app, friend, theirs.id, myProof.proof!.id, 'approved')).status).toBe(200);
    await settleProgress(t.app.ctx);
    const before = await call(t.app, me, 'GET', '/api/auth/user');
    expect(before.body.user.totalXP).toBeGreaterThan(0);
    const myFiles = await mediaIdsOf(me.user.id);
    await requestDeletion(me, ['workouts', 'media', 'profile']);
    await runDueJobs(t.app.ctx, { now: later() });
    const rows = await rowsOf(me.user.id);
    expect(rows['proofs.user_id']).toBe(0);
    expect(rows['participations.user_id']).toBe(0);
    expect(rows['media.owner_id']).toBe(0);
    expect(await filesKept(myFiles)).toEqual([]);
    const [user] = await queryRows<{
      first_name: string;
      last_name: string;
      bio: string | null;
      username: string;
    }>(t.database.db, sql`select first_name, last_name, bio, username from users where id = ${me.user.id}`);
    expect(user).toMatchObject({ first_name: 'Former', last_name: 'member', bio: null });
    expect(user!.username).toMatch(/^former-/);
    // Still signed in, with progress recomputed from nothing.
    const account = await call(t.app, me, 'GET', '/api/auth/user');
    expect(account.status).toBe(200);
    expect(account.body.user).toMatchObject({ firstName: 'Former', totalXP: 0, streakCount: 0 });
  });

  it('runs once: a second run of the queue, or the same job claimed twice, erases nothing more', async () => {
    const { me } = await busyUser();
    const { id } = await requestDeletion(me, ['chat']);
    const first = await runDueJobs(t.app.ctx, { now: later() });
    expect(first.done).toBeGreaterThan(0);
    const { runErasure } = await import('./service');
    expect(await runErasure(t.app.ctx, id, later())).toEqual({ erased: false });
    await runDueJobs(t.app.ctx, { now: later() });
    expect(await mailsTo(me.user.email, DONE_SUBJECT)).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('from Settings: lists the pending request, cancels it, and nothing runs; another user cannot cancel it', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await sendOk(t.app, me, (await createPactVia(t.app, me)).id, 'keep me');
    const { id } = await requestDeletion(me, ['chat']);
    const listed = await call(t.app, me, 'GET', '/api/data-deletion-request');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ requests: [{ id, status: 'scheduled', dataTypes: ['chat'] }] });
    expect((await call(t.app, other, 'GET', '/api/data-deletion-request')).body).toEqual({ requests: [] });

    const stolen = await call(t.app, other, 'POST', `/api/data-deletion-request/${id}/cancel`);
    expect(stolen.status).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/data-deletion-request/${id}/cancel`,
      headers: { origin: ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);

    const cancelled = await call(t.app, me, 'POST', `/api/data-deletion-request/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, status: 'cancelled' });
    expect((await call(t.app, me, 'POST', `/api/data-deletion-request/${id}/cancel`)).status).toBe(409);
    await runDueJobs(t.app.ctx, { now: later() });
    expect((await rowsOf(me.user.id))['chat_messages.user_id']).toBe(1);
    expect((await call(t.app, me, 'GET', '/api/data-deletion-request')).body).toEqual({ requests: [] });
  });

  it('from the mail: signed out, confirm then cancel by link; the links work once', async () => {
    const me = await signUp(t.app);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/data-deletion-request',
      headers: { origin: ORIGIN },
      payload: { dataTypes: ['chat'], contactEmail: me.user.email, fullAccountDeletion: true },
    });
    expect(asked.statusCode).toBe(200);
    const [confirmMail] = await mailsTo(me.user.email, 'Confirm your SweatPact data deletion request');
    const confirm = await t.app.inject({ method: 'GET', url: link(confirmMail, 'confirm') });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toMatch(/scheduled/);
    expect((await t.app.inject({ method: 'GET', url: link(confirmMail, 'confirm') })).statusCode).toBe(410);

    const [scheduledMail] = await mailsTo(me.user.email, 'Your SweatPact data deletion is scheduled');
    const cancelUrl = link(scheduledMail, 'cancel');
    const cancel = await t.app.inject({ method: 'GET', url: cancelUrl });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.body).toMatch(/Deletion cancelled/);
    expect((await t.app.inject({ method: 'GET', url: cancelUrl })).statusCode).toBe(410);
    await runDueJobs(t.app.ctx, { now: later() });
    expect((await rowsOf(me.user.id))['users.id']).toBe(1);
  });

  it('signed out and confirmed, the erasure reaches the account with that email', async () => {
    const me = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/data-deletion-request',
      headers: { origin: ORIGIN, 'x-forwarded-for': '10.9.9.9' },
      payload: {
        dataTypes: ['profile'],
        contactEmail: me.user.email.toUpperCase(),
        fullAccountDeletion: true,
      },
    });
    const [mail] = await mailsTo(me.user.email, 'Confirm your SweatPact data deletion request');
    expect((await t.app.inject({ method: 'GET', url: link(mail, 'confirm') })).statusCode).toBe(200);
    await runDueJobs(t.app.ctx, { now: later() });
    expect((await rowsOf(me.user.id))['users.id']).toBe(0);
    expect((await call(t.app, me, 'GET', '/api/auth/user')).status).toBe(401);
  });

  it("a coach's erasure cancels their members' renewals at the provider before the subscriptions go", async () => {
    const coach = await signUp(t.app, { firstName: 'Cora' });
    const member = await signUp(t.app, { firstName: 'Mo' });
    const pact = await createProPactVia(t.app, coach, 'Going Crew');
    expect((await call(t.app, member, 'POST', `/api/teams/${pact.teamId}/subscribe`)).status).toBe(200);
    const provider = billingProvider(t.app.ctx);
    const cancels = vi.spyOn(provider, 'setCancelAtPeriodEnd');
    try {
      await requestDeletion(coach, ['profile'], true);
      await runDueJobs(t.app.ctx, { now: later() });
      expect((await rowsOf(coach.user.id))['users.id']).toBe(0);
      expect(cancels).toHaveBeenCalledTimes(1);
      expect(cancels.mock.calls[0]![0]).toMatchObject({ userId: member.user.id, teamId: pact.teamId });
      expect(cancels.mock.calls[0]![1]).toBe(true);
    } finally {
      cancels.mockRestore();
    }
  });

  it("a member's erasure cancels their own renewals at the provider before the subscriptions go", async () => {
    const coach = await signUp(t.app, { firstName: 'Cole' });
    const member = await signUp(t.app, { firstName: 'Mia' });
    const pact = await createProPactVia(t.app, coach, 'Staying Crew');
    expect((await call(t.app, member, 'POST', `/api/teams/${pact.teamId}/subscribe`)).status).toBe(200);
    const cancels = vi.spyOn(billingProvider(t.app.ctx), 'setCancelAtPeriodEnd');
    try {
      await requestDeletion(member, ['profile'], true);
      await runDueJobs(t.app.ctx, { now: later() });
      expect((await rowsOf(member.user.id))['users.id']).toBe(0);
      expect(cancels).toHaveBeenCalledTimes(1);
      expect(cancels.mock.calls[0]![0]).toMatchObject({ userId: member.user.id, teamId: pact.teamId });
    } finally {
      cancels.mockRestore();
    }
  });

  it("others' Pacts count the erased person out: members and likes, for a whole account and for the types", async () => {
    const host = await signUp(t.app, { firstName: 'Hana' });
    const [whole, partial] = [await signUp(t.app), await signUp(t.app)];
    const pact = await createPactVia(t.app, host, { title: 'Counted' });
    for (const who of [whole, partial]) {
      expect((await call(t.app, who, 'POST', `/api/challenges/${pact.id}/join`)).status).toBe(200);
      expect((await call(t.app, who, 'POST', `/api/challenges/${pact.id}/like`)).status).toBe(200);
    }
    const counts = async () => {
      const { body } = await call(t.app, host, 'GET', `/api/challenges/${pact.id}`);
      return { members: body.participantCount, likes: body.likeCount };
    };
    expect(await counts()).toEqual({ members: 3, likes: 2 });

    await requestDeletion(whole, ['profile'], true);
    await requestDeletion(partial, ['workouts', 'social']);
    await runDueJobs(t.app.ctx, { now: later() });
    expect(await counts()).toEqual({ members: 1, likes: 0 });
  });
});
