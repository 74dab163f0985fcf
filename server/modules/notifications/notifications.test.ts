import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../shared/api/notifications';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { befriend, call, createPactVia } from '../pacts/testing';
import { decide, postProof } from '../proofs/testing';
import { createNotification } from './service';

let t: TestApp;
const published: { userId: string; notification: Notification }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.app.ctx.events.on('notification.created', (e) => {
    published.push(e);
  });
});
afterAll(() => t.close());

const inbox = async (who: SignedIn, query = '') => {
  const res = await call(t.app, who, 'GET', `/api/notifications${query}`);
  expect(res.status).toBe(200);
  return res.body as { items: Notification[]; nextCursor: string | null; unreadCount: number };
};

describe('notifications from events', () => {
  it('a friend request notifies the asked user (once), its acceptance the one who asked, live too', async () => {
    const [ann, bo] = [await signUp(t.app, { firstName: 'Ann' }), await signUp(t.app, { firstName: 'Bo' })];
    await call(t.app, ann, 'POST', `/api/users/${bo.user.id}/friend`);
    await call(t.app, ann, 'POST', `/api/users/${bo.user.id}/friend`);
    const asked = await inbox(bo);
    expect(asked.unreadCount).toBe(1);
    expect(asked.items).toEqual([
      {
        id: expect.any(Number),
        type: 'friend_request',
        actor: { id: ann.user.id, firstName: 'Ann', username: ann.user.username, profileImageUrl: null },
        pact: null,
        data: {},
        read: false,
        createdAt: expect.any(String),
        friendRequest: 'pending',
      },
    ]);
    expect((await inbox(ann)).items).toEqual([]);
    expect(published.filter((p) => p.userId === bo.user.id).map((p) => p.notification)).toEqual(asked.items);

    await call(t.app, bo, 'POST', `/api/friend-requests/${ann.user.id}/accept`);
    const told = await inbox(ann);
    expect(told.items).toEqual([
      {
        id: expect.any(Number),
        type: 'friend_added',
        actor: { id: bo.user.id, firstName: 'Bo', username: bo.user.username, profileImageUrl: null },
        pact: null,
        data: {},
        read: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(published.filter((p) => p.userId === ann.user.id).map((p) => p.notification)).toEqual(told.items);
    // Bo's request now reads as answered, with no second notification for him.
    expect((await inbox(bo)).items).toEqual([{ ...asked.items[0], friendRequest: 'friends' }]);
  });

  it('someone joined your Pact; a proof was approved or rejected (to the author, by the decider)', async () => {
    const [cy, di] = [await signUp(t.app), await signUp(t.app)];
    const pact = await createPactVia(t.app, cy, { title: 'Morning Burn' });
    expect((await inbox(cy)).items).toEqual([]);
    await call(t.app, di, 'POST', `/api/challenges/${pact.id}/join`);
    const [joined] = (await inbox(cy)).items;
    expect(joined).toMatchObject({
      type: 'pact_joined',
      actor: { id: di.user.id },
      pact: { id: pact.id, title: 'Morning Burn' },
    });

    const first = await postProof(t.app, di, pact.id, { value: 30 });
    expect((await decide(t.app, cy, pact.id, first.proof!.id, 'approved')).status).toBe(200);
    const second = await postProof(t.app, di, pact.id);
    expect((await decide(t.app, cy, pact.id, second.proof!.id, 'rejected')).status).toBe(200);
    const box = await inbox(di);
    expect(box.items.map((n) => n.type)).toEqual(['proof_rejected', 'proof_approved']);
    expect(box.items[1]).toMatchObject({
      actor: { id: cy.user.id },
      pact: { id: pact.id, title: 'Morning Burn' },
      data: { proofId: first.proof!.id, value: 30 },
    });
    expect(box.unreadCount).toBe(2);
    // The creator got the join and the two proofs to review, not the decisions they made.
    expect((await inbox(cy)).items.map((n) => n.type)).toEqual([
      'proof_pending',
      'proof_pending',
      'pact_joined',
    ]);
  });

  it('a proof approved the moment it was posted (a Pact of one) sends nothing', async () => {
    const ed = await signUp(t.app);
    const solo = await createPactVia(t.app, ed, { visibility: 'private' });
    const message = await postProof(t.app, ed, solo.id);
    expect(message.proofStatus).toBe('approved');
    expect((await inbox(ed)).items).toEqual([]);
  });

  it('nothing passes between a blocked pair, and earlier ones are hidden', async () => {
    const [fay, gus] = [await signUp(t.app), await signUp(t.app)];
    await befriend(t.app, fay, gus);
    expect((await inbox(gus)).unreadCount).toBe(1);
    expect((await inbox(fay)).unreadCount).toBe(1);
    await call(t.app, gus, 'POST', `/api/users/${fay.user.id}/block`);
    expect(await inbox(gus)).toEqual({ items: [], nextCursor: null, unreadCount: 0 });
    expect(await inbox(fay)).toEqual({ items: [], nextCursor: null, unreadCount: 0 });
    expect(
      await createNotification(t.app.ctx, {
        userId: gus.user.id,
        type: 'friend_added',
        actorId: fay.user.id,
      }),
    ).toBeNull();
  });
});

describe('listing and marking read', () => {
  it('pages newest first, 20 at a time, with the unread count', async () => {
    const hal = await signUp(t.app);
    for (let i = 0; i < 25; i += 1) {
      await createNotification(t.app.ctx, { userId: hal.user.id, type: 'trial_ending', data: { n: i } });
    }
    const first = await inbox(hal);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.data).toEqual({ n: 24 });
    expect(first.unreadCount).toBe(25);
    const second = await inbox(hal, `?cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.data.n)).toEqual([4, 3, 2, 1, 0]);
    expect(second.nextCursor).toBeNull();
    expect((await call(t.app, hal, 'GET', '/api/notifications?cursor=nonsense')).status).toBe(400);
  });

  it("marks the caller's own notifications read; another user's id is 404 and changes nothing", async () => {
    const [ivy, jo] = [await signUp(t.app), await signUp(t.app)];
    for (const who of [ivy, jo, ivy, ivy]) {
      await createNotification(t.app.ctx, { userId: who.user.id, type: 'trial_ending' });
    }
    const mine = (await inbox(ivy)).items.map((n) => n.id);
    const theirs = (await inbox(jo)).items.map((n) => n.id);

    const refused = await call(t.app, ivy, 'POST', '/api/notifications/read', { ids: [mine[0], theirs[0]] });
    expect(refused).toEqual({ status: 404, body: { error: 'not_found', message: 'Notification not found' } });
    expect((await inbox(ivy)).unreadCount).toBe(3);
    expect((await inbox(jo)).unreadCount).toBe(1);

    const one = await call(t.app, ivy, 'POST', '/api/notifications/read', { ids: [mine[0]] });
    expect(one.body).toEqual({ ok: true, unreadCount: 2 });
    expect((await inbox(ivy)).items.find((n) => n.id === mine[0])!.read).toBe(true);
    const all = await call(t.app, ivy, 'POST', '/api/notifications/read', { all: true });
    expect(all.body).toEqual({ ok: true, unreadCount: 0 });
    expect((await inbox(jo)).unreadCount).toBe(1);

    expect((await call(t.app, ivy, 'POST', '/api/notifications/read', {})).status).toBe(400);
    expect((await call(t.app, ivy, 'POST', '/api/notifications/read', { ids: [1], all: true })).status).toBe(
      400,
    );
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});
