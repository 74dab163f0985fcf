import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { setFigures } from '../leaderboard/testing';
import { befriend, call, createPactVia, createProPactVia } from '../pacts/testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const friendIds = async (who: SignedIn) =>
  ((await call(t.app, who, 'GET', '/api/user/friends')).body as { id: string }[]).map((f) => f.id);

describe('block and unblock', () => {
  it('hides a blocked pair from each other everywhere, and unblocking lifts it', async () => {
    const [ann, bo, cy] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    await befriend(t.app, ann, bo);
    const boPact = await createPactVia(t.app, bo, { title: 'Bo public' });
    const cyPact = await createPactVia(t.app, cy, { title: 'Cy public' });
    await call(t.app, bo, 'POST', `/api/challenges/${cyPact.id}/join`);
    await setFigures(t.database.db, bo.user.id, { streakCount: 4 });

    const blocked = await call(t.app, ann, 'POST', `/api/users/${bo.user.id}/block`);
    expect(blocked).toEqual({ status: 200, body: { userId: bo.user.id, blocked: true } });
    expect((await call(t.app, ann, 'POST', `/api/users/${bo.user.id}/block`)).status).toBe(200);

    // Friendship ended both ways; friend add refused both ways.
    expect(await friendIds(ann)).not.toContain(bo.user.id);
    expect(await friendIds(bo)).not.toContain(ann.user.id);
    expect((await call(t.app, bo, 'POST', `/api/users/${ann.user.id}/friend`)).status).toBe(404);
    expect((await call(t.app, ann, 'POST', `/api/users/${bo.user.id}/friend`)).status).toBe(404);
    // Profiles and participations: "User not found" both ways.
    const profile = await call(t.app, ann, 'GET', `/api/users/${bo.user.id}`);
    expect(profile).toEqual({ status: 404, body: { error: 'not_found', message: 'User not found' } });
    expect((await call(t.app, bo, 'GET', `/api/users/${ann.user.id}`)).status).toBe(404);
    expect((await call(t.app, ann, 'GET', `/api/user/participations/${bo.user.id}`)).status).toBe(404);
    // Bo's Pacts are gone for Ann; Bo is missing from a third person's Pact's participants.
    expect((await call(t.app, ann, 'GET', `/api/challenges/${boPact.id}`)).status).toBe(404);
    const list = await call(t.app, ann, 'GET', '/api/challenges?limit=50');
    expect((list.body.items as { id: number }[]).map((p) => p.id)).not.toContain(boPact.id);
    const participants = await call(t.app, ann, 'GET', `/api/challenges/${cyPact.id}/participants`);
    expect((participants.body as { userId: string }[]).map((p) => p.userId)).not.toContain(bo.user.id);
    // Leaderboard.
    const board = await call(t.app, ann, 'GET', '/api/leaderboard');
    expect((board.body.entries as { userId: string }[]).map((e) => e.userId)).not.toContain(bo.user.id);

    // The caller's list shows who they blocked; the other side's does not.
    const mine = await call(t.app, ann, 'GET', '/api/user/blocks');
    expect(mine.body).toEqual([expect.objectContaining({ id: bo.user.id, username: bo.user.username })]);
    expect((await call(t.app, bo, 'GET', '/api/user/blocks')).body).toEqual([]);
    // Bo may block back (his own block), and it stays when Ann lifts hers.
    expect((await call(t.app, bo, 'POST', `/api/users/${ann.user.id}/block`)).status).toBe(200);
    expect((await call(t.app, ann, 'DELETE', `/api/users/${bo.user.id}/block`)).body).toEqual({
      userId: bo.user.id,
      blocked: false,
    });
    expect((await call(t.app, ann, 'GET', `/api/users/${bo.user.id}`)).status).toBe(404);
    await call(t.app, bo, 'DELETE', `/api/users/${ann.user.id}/block`);
    // Unblocked both ways: visible again, but not friends again.
    const again = await call(t.app, ann, 'GET', `/api/users/${bo.user.id}`);
    expect(again.status).toBe(200);
    expect(again.body.isFriend).toBe(false);
    expect((await call(t.app, ann, 'GET', `/api/challenges/${boPact.id}`)).status).toBe(200);
    expect((await call(t.app, ann, 'DELETE', `/api/users/${bo.user.id}/block`)).status).toBe(200);
  });

  it('refuses yourself and the AI trainer (400), unknown users (404) and signed-out callers', async () => {
    const dee = await signUp(t.app);
    const self = await call(t.app, dee, 'POST', `/api/users/${dee.user.id}/block`);
    expect(self).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'You cannot block yourself' },
    });
    const trainer = await call(t.app, dee, 'POST', '/api/users/ai-trainer/block');
    expect(trainer.status).toBe(400);
    expect(trainer.body.message).toBe('The AI Trainer cannot be blocked');
    expect((await call(t.app, dee, 'POST', '/api/users/nobody-here/block')).status).toBe(404);
    expect((await call(t.app, dee, 'GET', '/api/user/blocks')).body).toEqual([]);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/users/${dee.user.id}/block`,
      headers: { origin: dee.headers.origin },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('a block between a Pact’s creator and a member', () => {
  it('ends the member’s place in the creator’s Pacts, both ways round, and is counted out', async () => {
    const [host, guest] = [await signUp(t.app), await signUp(t.app)];
    const hostPact = await createPactVia(t.app, host, { title: 'Host pact' });
    const guestPact = await createPactVia(t.app, guest, { title: 'Guest pact' });
    await call(t.app, guest, 'POST', `/api/challenges/${hostPact.id}/join`);
    await call(t.app, host, 'POST', `/api/challenges/${guestPact.id}/join`);
    const count = async (who: SignedIn, id: number) =>
      (await call(t.app, who, 'GET', `/api/challenges/${id}`)).body.participantCount;
    expect(await count(host, hostPact.id)).toBe(2);

    expect((await call(t.app, guest, 'POST', `/api/users/${host.user.id}/block`)).status).toBe(200);
    // Neither is stuck in a Pact they can no longer open: each is out of the other's, which counts them out.
    expect(await count(host, hostPact.id)).toBe(1);
    expect(await count(guest, guestPact.id)).toBe(1);
    const mine = async (who: SignedIn) =>
      ((await call(t.app, who, 'GET', '/api/user/participations')).body as { challengeId: number }[]).map(
        (p) => p.challengeId,
      );
    expect(await mine(guest)).toEqual([guestPact.id]);
    expect(await mine(host)).toEqual([hostPact.id]);
  });

  it('stops a member’s subscription to the coach’s team from renewing, whoever blocks', async () => {
    const [coach, member] = [await signUp(t.app), await signUp(t.app)];
    const pro = await createProPactVia(t.app, coach, 'Blocked crew');
    expect((await call(t.app, member, 'POST', `/api/teams/${pro.teamId}/subscribe`)).status).toBe(200);
    const myTeam = async () =>
      (
        (await call(t.app, member, 'GET', '/api/user/teams')).body as {
          id: number;
          myCancelAtPeriodEnd: boolean;
        }[]
      ).find((team) => team.id === pro.teamId);
    expect((await myTeam())?.myCancelAtPeriodEnd).toBe(false);
    expect((await call(t.app, coach, 'POST', `/api/users/${member.user.id}/block`)).status).toBe(200);
    await runDueJobs(t.app.ctx);
    expect((await myTeam())?.myCancelAtPeriodEnd).toBe(true);
    // Not undone by the member while the block stands.
    expect((await call(t.app, member, 'POST', `/api/teams/${pro.teamId}/subscription/resume`)).status).toBe(
      409,
    );
    expect((await myTeam())?.myCancelAtPeriodEnd).toBe(true);
  });
});

describe('report a user', () => {
  it('files one report per reporter; a second is 409', async () => {
    const [eve, fay] = [await signUp(t.app), await signUp(t.app)];
    const url = `/api/users/${fay.user.id}/report`;
    expect(await call(t.app, eve, 'POST', url, { reason: 'Spam in every chat' })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const twice = await call(t.app, eve, 'POST', url, { reason: 'Still spamming' });
    expect(twice).toEqual({
      status: 409,
      body: { error: 'conflict', message: 'You already reported this user' },
    });
    // Another reporter may still report the same user.
    expect(
      (await call(t.app, fay, 'POST', `/api/users/${eve.user.id}/report`, { reason: 'Rude' })).status,
    ).toBe(200);
    expect(
      (await call(t.app, eve, 'POST', `/api/users/${eve.user.id}/report`, { reason: 'Me' })).status,
    ).toBe(400);
    expect(
      (await call(t.app, eve, 'POST', '/api/users/ai-trainer/report', { reason: 'Too loud' })).status,
    ).toBe(400);
    expect((await call(t.app, eve, 'POST', '/api/users/nobody-here/report', { reason: 'Who?' })).status).toBe(
      404,
    );
    const short = await call(t.app, eve, 'POST', url, { reason: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/reason/);
    expect((await call(t.app, eve, 'POST', url, { reason: 'Spam', extra: 1 })).status).toBe(400);
  });
});
