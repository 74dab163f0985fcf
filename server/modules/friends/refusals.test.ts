import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIEND_REQUEST_LIMITS } from '../../../shared/api/users';
import { friendRequests, friendships } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { insertUsers, tryDemo } from '../leaderboard/testing';
import { call } from '../pacts/testing';
import { friendCalls } from './testing';

/** What the friend routes refuse, each proven with other users, and that a refusal changes nothing. */

let t: TestApp;
let n = 0;
const person = (firstName = `P${++n}`) => signUp(t.app, { firstName });
let f: ReturnType<typeof friendCalls>;
const requestRows = () => t.database.db.select().from(friendRequests);

beforeAll(async () => {
  t = await createTestApp();
  f = friendCalls(t.app);
});
afterAll(() => t.close());

describe('refusals', () => {
  it('yourself (400), the AI trainer (400), unknown users (404) on every friend route', async () => {
    const quin = await person();
    for (const [method, url] of [
      ['POST', '/api/users/%/friend'],
      ['DELETE', '/api/users/%/friend'],
      ['POST', '/api/friend-requests/%/accept'],
      ['POST', '/api/friend-requests/%/decline'],
    ] as const) {
      const at = (id: string) => url.replace('%', id);
      expect((await call(t.app, quin, method, at(quin.user.id))).status, `${method} ${url} self`).toBe(400);
      expect(await call(t.app, quin, method, at('ai-trainer'))).toEqual({
        status: 400,
        body: { error: 'bad_request', message: 'The AI Trainer cannot be added as a friend' },
      });
      expect(await call(t.app, quin, method, at('no-such-user'))).toEqual({
        status: 404,
        body: { error: 'not_found', message: 'User not found' },
      });
      expect((await call(t.app, quin, method, at('bad id!'))).status, `${method} ${url} bad id`).toBe(400);
    }
    expect(await requestRows()).not.toContainEqual(expect.objectContaining({ requesterId: quin.user.id }));
  });

  it("a request that does not exist, or someone else's, cannot be accepted or declined", async () => {
    const [ray, sue, tom] = [await person('Ray'), await person('Sue'), await person('Tom')];
    await f.add(ray, sue);
    for (const verb of ['accept', 'decline'] as const) {
      // Tom was not asked; Ray cannot answer his own request; Sue asked nobody.
      expect(await f.answer(tom, ray, verb)).toEqual({
        status: 404,
        body: { error: 'not_found', message: 'Friend request not found' },
      });
      expect((await f.answer(ray, sue, verb)).status).toBe(404);
      expect((await f.answer(sue, tom, verb)).status).toBe(404);
    }
    expect(await f.friendIds(tom)).toEqual([]);
    expect(await f.friendIds(ray)).toEqual([]);
    expect(await f.requests(sue)).toMatchObject({ receivedCount: 1 });
    expect(await f.stateFor(sue, ray)).toBe('incoming');
  });

  it('a blocked pair cannot ask (404 either way), and a block cancels requests both ways', async () => {
    const [uma, vic, wes] = [await person('Uma'), await person('Vic'), await person('Wes')];
    await f.add(uma, vic);
    await f.add(wes, uma);
    expect(await f.inbox(vic)).toHaveLength(1);
    await call(t.app, vic, 'POST', `/api/users/${uma.user.id}/block`);
    await call(t.app, uma, 'POST', `/api/users/${wes.user.id}/block`);
    expect(
      await t.database.db.select().from(friendRequests).where(eq(friendRequests.requesterId, uma.user.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(friendRequests).where(eq(friendRequests.addresseeId, uma.user.id)),
    ).toEqual([]);
    for (const [from, to] of [
      [uma, vic],
      [vic, uma],
      [uma, wes],
      [wes, uma],
    ] as const) {
      expect((await f.add(from, to)).status).toBe(404);
      expect((await f.answer(from, to, 'accept')).status).toBe(404);
    }
    // Unblocking restores nothing, and the old request's notification stays gone.
    await call(t.app, vic, 'DELETE', `/api/users/${uma.user.id}/block`);
    expect(await f.stateFor(vic, uma)).toBe('none');
    expect(await f.inbox(vic)).toEqual([]);
    expect(await f.friendIds(vic)).toEqual([]);
  });

  it('demo accounts keep their sample friends and cannot ask (403) or be found to be asked (404)', async () => {
    const [demo, xan] = [await tryDemo(t.app), await person('Xan')];
    const samples = await f.friendIds(demo);
    expect(samples).toHaveLength(3);
    const refused = {
      status: 403,
      body: {
        error: 'forbidden',
        message: 'Demo accounts keep their sample friends: sign up to add friends',
      },
    };
    expect(await f.add(demo, xan)).toEqual(refused);
    // A demo sandbox is seen by nobody outside it (docs/RULES.md): to anyone else the demo and its sample friends
    // are not there at all.
    const unknown = { status: 404, body: { error: 'not_found', message: 'User not found' } };
    expect(await f.add(xan, demo)).toEqual(unknown);
    expect(await f.add(xan, samples[0]!)).toEqual(unknown);
    expect(await requestRows()).not.toContainEqual(expect.objectContaining({ addresseeId: xan.user.id }));
    expect(await f.stateFor(demo, xan)).toBe('none');
  });

  it(`limits a user to ${FRIEND_REQUEST_LIMITS.pendingMax} requests waiting at once (409)`, async () => {
    const yan = await person();
    const others = await insertUsers(t.database.db, FRIEND_REQUEST_LIMITS.pendingMax + 1, () => ({}));
    await t.database.db
      .insert(friendRequests)
      .values(others.slice(1).map((addresseeId) => ({ requesterId: yan.user.id, addresseeId })));
    const over = await f.add(yan, others[0]!);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      `You have ${FRIEND_REQUEST_LIMITS.pendingMax} friend requests waiting for an answer. Withdraw some before sending more.`,
    );
    expect((await f.requests(yan)).sent).toHaveLength(FRIEND_REQUEST_LIMITS.pendingMax);
    await call(t.app, yan, 'DELETE', `/api/users/${others[1]}/friend`);
    expect((await f.add(yan, others[0]!)).body.friendship).toBe('requested');
  });

  it(`limits sending to ${FRIEND_REQUEST_LIMITS.sendMax} an hour per user (429), others unaffected`, async () => {
    const [zed, amy, bea] = [await person(), await person(), await person()];
    const statuses: number[] = [];
    for (let i = 0; i <= FRIEND_REQUEST_LIMITS.sendMax; i += 1) statuses.push((await f.add(zed, amy)).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(await f.add(zed, bea)).toEqual({
      status: 429,
      body: {
        error: 'rate_limited',
        message: `You can send ${FRIEND_REQUEST_LIMITS.sendMax} friend requests an hour. Please try again later.`,
      },
    });
    expect(statuses.at(-1)).toBe(429);
    expect((await f.requests(bea)).receivedCount).toBe(0);
    expect((await f.add(amy, bea)).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/friends'],
      ['GET', '/api/user/friend-requests'],
    ] as const)
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });

  it('keeps friendship rows mutual', async () => {
    const rows = await t.database.db.select().from(friendships);
    for (const row of rows)
      expect(rows).toContainEqual(expect.objectContaining({ userId: row.friendId, friendId: row.userId }));
  });
});
