import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIEND_REQUEST_LIMITS } from '../../../shared/api/users';
import { friendRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { call } from '../pacts/testing';
import { purgeDeclinedRequests } from './service';
import { friendCalls, summaryOf as summary } from './testing';

/** Friendship by consent: requests, answers, withdrawal and ending, each with other users (refusals.test.ts). */

let t: TestApp;
let n = 0;
const person = (firstName = `P${++n}`) => signUp(t.app, { firstName });
let f: ReturnType<typeof friendCalls>;
const requestRows = () => t.database.db.select().from(friendRequests);

beforeAll(async () => {
  // More than the 20 sign-ups an address may make an hour; the limits are refusals.test.ts's subject.
  t = await createTestApp({ DISABLE_RATE_LIMIT: true });
  f = friendCalls(t.app);
});
afterAll(() => t.close());

describe('asking and accepting', () => {
  it('adding sends a request: nobody is a friend yet, both see it, the other is notified once', async () => {
    const [ann, bo, cy] = [await person('Ann'), await person('Bo'), await person('Cy')];
    const sent = await f.add(ann, bo);
    expect(sent).toEqual({
      status: 200,
      body: { friend: summary(bo), isFriend: false, friendship: 'requested' },
    });
    expect(await f.add(ann, bo)).toEqual(sent);
    expect(await f.friendIds(ann)).toEqual([]);
    expect(await f.friendIds(bo)).toEqual([]);
    expect(await f.requests(ann)).toEqual({
      received: [],
      receivedCount: 0,
      sent: [{ user: summary(bo), createdAt: expect.any(String) }],
    });
    expect(await f.requests(bo)).toEqual({
      received: [{ user: summary(ann), createdAt: expect.any(String) }],
      receivedCount: 1,
      sent: [],
    });
    expect(await f.stateFor(ann, bo)).toBe('requested');
    expect(await f.stateFor(bo, ann)).toBe('incoming');
    expect(await f.stateFor(cy, ann)).toBe('none');
    const box = await f.inbox(bo);
    expect(box).toHaveLength(1);
    expect(box[0]).toMatchObject({ type: 'friend_request', actor: summary(ann), friendRequest: 'pending' });
    expect(await f.inbox(ann)).toEqual([]);
    expect(await f.inbox(cy)).toEqual([]);
  });

  it('accepting makes both friends, tells the requester, and the request is gone', async () => {
    const [ann, bo] = [await person('Ann'), await person('Bo')];
    await f.add(ann, bo);
    const accepted = await f.answer(bo, ann, 'accept');
    expect(accepted).toEqual({
      status: 200,
      body: { friend: summary(ann), isFriend: true, friendship: 'friends' },
    });
    expect(await f.friendIds(ann)).toEqual([bo.user.id]);
    expect(await f.friendIds(bo)).toEqual([ann.user.id]);
    expect(await f.requests(ann)).toEqual({ received: [], receivedCount: 0, sent: [] });
    expect(await f.requests(bo)).toEqual({ received: [], receivedCount: 0, sent: [] });
    const [told] = await f.inbox(ann);
    expect(told).toMatchObject({ type: 'friend_added', actor: summary(bo), read: false });
    expect(told).not.toHaveProperty('friendRequest');
    expect((await f.inbox(bo))[0]).toMatchObject({ type: 'friend_request', friendRequest: 'friends' });
    // Nothing left to accept; adding again is a no-op.
    expect((await f.answer(bo, ann, 'accept')).status).toBe(404);
    expect((await f.add(ann, bo)).body.friendship).toBe('friends');
    expect(await f.inbox(ann)).toHaveLength(1);
  });

  it('asking someone who already asked you makes both friends at once', async () => {
    const [cy, di] = [await person('Cy'), await person('Di')];
    await f.add(cy, di);
    const back = await f.add(di, cy);
    expect(back.body).toEqual({ friend: summary(cy), isFriend: true, friendship: 'friends' });
    expect(await f.friendIds(cy)).toEqual([di.user.id]);
    expect((await f.inbox(cy)).map((x) => x.type)).toEqual(['friend_added']);
    expect(
      await t.database.db.select().from(friendRequests).where(eq(friendRequests.addresseeId, di.user.id)),
    ).toEqual([]);
  });
});

describe('declining, withdrawing, ending', () => {
  it('declining is quiet: the requester is not told and still sees "requested" until the cooldown ends', async () => {
    const [ed, fay] = [await person('Ed'), await person('Fay')];
    await f.add(ed, fay);
    const declined = await f.answer(fay, ed, 'decline');
    expect(declined.body).toEqual({ friend: summary(ed), isFriend: false, friendship: 'none' });
    expect(await f.inbox(ed)).toEqual([]);
    expect((await f.requests(ed)).sent.map((r) => r.user.id)).toEqual([fay.user.id]);
    expect(await f.requests(fay)).toEqual({ received: [], receivedCount: 0, sent: [] });
    expect(await f.stateFor(ed, fay)).toBe('requested');
    expect(await f.stateFor(fay, ed)).toBe('none');
    expect((await f.inbox(fay))[0]).toMatchObject({ type: 'friend_request', friendRequest: 'closed' });
    // Declined twice, or accepted after: nothing waits any more.
    expect((await f.answer(fay, ed, 'decline')).status).toBe(404);
    expect((await f.answer(fay, ed, 'accept')).status).toBe(404);
    // Asking again during the cooldown changes nothing and tells nobody.
    expect((await f.add(ed, fay)).body.friendship).toBe('requested');
    expect(await f.inbox(fay)).toHaveLength(1);

    // After the cooldown the request is gone for Ed too, and a new one is a new request.
    await t.database.db
      .update(friendRequests)
      .set({
        declinedAt: new Date(Date.now() - (FRIEND_REQUEST_LIMITS.declineCooldownDays + 1) * 86_400_000),
      })
      .where(eq(friendRequests.requesterId, ed.user.id));
    expect(await f.stateFor(ed, fay)).toBe('none');
    expect((await f.requests(ed)).sent).toEqual([]);
    expect((await f.add(ed, fay)).body.friendship).toBe('requested');
    expect((await f.requests(fay)).received.map((r) => r.user.id)).toEqual([ed.user.id]);
    expect((await f.inbox(fay)).map((x) => x.friendRequest)).toEqual(['pending', 'pending']);
  });

  it('withdrawing a declined request does not restart the cooldown: asking again stays quiet', async () => {
    const [rae, sid] = [await person('Rae'), await person('Sid')];
    await f.add(rae, sid);
    await f.answer(sid, rae, 'decline');
    // Withdrawn as any request is, from Rae's side: nothing reads as sent any more.
    expect((await f.remove(rae, sid)).body.friendship).toBe('none');
    expect(await f.stateFor(rae, sid)).toBe('none');
    expect((await f.requests(rae)).sent).toEqual([]);
    // Asking again within the 30 days: Rae sees "requested", Sid sees nothing new and is not told.
    expect((await f.add(rae, sid)).body.friendship).toBe('requested');
    expect(await f.requests(sid)).toEqual({ received: [], receivedCount: 0, sent: [] });
    const inbox = await f.inbox(sid);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ type: 'friend_request', friendRequest: 'closed' });
    // Round and round: still one row, its decline time untouched.
    for (let i = 0; i < 3; i += 1) {
      await f.remove(rae, sid);
      await f.add(rae, sid);
    }
    const rows = (await requestRows()).filter((r) => r.requesterId === rae.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.declinedAt).not.toBeNull();
    expect(await f.inbox(sid)).toHaveLength(1);
    // Withdrawn, the request is no consent: Sid adding Rae now asks Rae, it does not make them friends.
    await f.remove(rae, sid);
    expect((await f.add(sid, rae)).body.friendship).toBe('requested');
    expect(await f.friendIds(sid)).toEqual([]);
    expect((await f.requests(rae)).received.map((r) => r.user.id)).toEqual([sid.user.id]);
  });

  it('the one who declined may still change their mind by adding the requester', async () => {
    const [gus, hal] = [await person('Gus'), await person('Hal')];
    await f.add(gus, hal);
    await f.answer(hal, gus, 'decline');
    expect((await f.add(hal, gus)).body.friendship).toBe('friends');
    expect(await f.friendIds(gus)).toEqual([hal.user.id]);
  });

  it('the purge job deletes declined requests whose cooldown ended, and nothing else', async () => {
    const [ivy, jo, kim] = [await person(), await person(), await person()];
    await f.add(ivy, jo);
    await f.add(kim, jo);
    await f.answer(jo, ivy, 'decline');
    await f.answer(jo, kim, 'decline');
    const later = new Date(Date.now() + FRIEND_REQUEST_LIMITS.declineCooldownDays * 86_400_000 + 60_000);
    await t.database.db
      .update(friendRequests)
      .set({ declinedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(friendRequests.requesterId, kim.user.id));
    const before = (await requestRows()).length;
    expect(await purgeDeclinedRequests(t.app.ctx, later)).toBe(2);
    expect(await requestRows()).toHaveLength(before - 2);
    expect(await purgeDeclinedRequests(t.app.ctx, later)).toBe(0);
  });

  it('blocking and unblocking does not get around a decline either', async () => {
    const [uma, vic] = [await person('Uma'), await person('Vic')];
    await f.add(uma, vic);
    await f.answer(vic, uma, 'decline');
    expect((await call(t.app, uma, 'POST', `/api/users/${vic.user.id}/block`)).status).toBe(200);
    expect((await call(t.app, uma, 'DELETE', `/api/users/${vic.user.id}/block`)).status).toBe(200);
    expect((await f.add(uma, vic)).body.friendship).toBe('requested');
    expect(await f.requests(vic)).toEqual({ received: [], receivedCount: 0, sent: [] });
    expect((await f.inbox(vic)).filter((n) => n.friendRequest === 'pending')).toEqual([]);
  });

  it('withdrawing takes the request and its notification away; the other can no longer accept', async () => {
    const [lea, max] = [await person('Lea'), await person('Max')];
    await f.add(lea, max);
    expect(await f.inbox(max)).toHaveLength(1);
    const withdrawn = await f.remove(lea, max);
    expect(withdrawn.body).toEqual({ friend: summary(max), isFriend: false, friendship: 'none' });
    expect(await f.inbox(max)).toEqual([]);
    expect(await f.requests(max)).toEqual({ received: [], receivedCount: 0, sent: [] });
    expect((await f.answer(max, lea, 'accept')).status).toBe(404);
    expect(await f.friendIds(max)).toEqual([]);
    // DELETE does not answer a request someone else sent: Max's own request to Lea stays.
    await f.add(max, lea);
    expect((await f.remove(lea, max)).body.friendship).toBe('incoming');
    expect((await f.requests(lea)).receivedCount).toBe(1);
  });

  it('unfriending ends it for both sides, re-checks their sockets, and is idempotent', async () => {
    const [ned, ola, pam] = [await person('Ned'), await person('Ola'), await person('Pam')];
    for (const other of [ola, pam]) {
      await f.add(ned, other);
      await f.answer(other, ned, 'accept');
    }
    const rechecked: string[] = [];
    const off = t.app.ctx.events.on('access.changed', ({ userId }) => {
      rechecked.push(userId);
    });
    const res = await f.remove(ola, ned);
    off();
    expect(rechecked.sort()).toEqual([ned.user.id, ola.user.id].sort());
    expect(res.body).toEqual({ friend: summary(ned), isFriend: false, friendship: 'none' });
    expect(await f.friendIds(ned)).toEqual([pam.user.id]);
    expect(await f.friendIds(ola)).toEqual([]);
    expect((await f.remove(ola, ned)).status).toBe(200);
    expect(await f.friendIds(pam)).toEqual([ned.user.id]);
  });
});
