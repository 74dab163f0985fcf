import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, friendships } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call } from '../pacts/testing';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

const friendIds = async (who: SignedIn) =>
  (await call(t.app, who, 'GET', '/api/user/friends')).body.map((f: { id: string }) => f.id);

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol] = await Promise.all([
    signUp(t.app, { firstName: 'Alice' }),
    signUp(t.app, { firstName: 'Bob' }),
    signUp(t.app, { firstName: 'Carol' }),
  ]);
});
afterAll(() => t.close());

describe('friends', () => {
  it('adding makes both users friends at once, and adding again is a no-op 200', async () => {
    const res = await call(t.app, alice, 'POST', `/api/users/${bob.user.id}/friend`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      isFriend: true,
      friend: { id: bob.user.id, firstName: 'Bob', username: bob.user.username, profileImageUrl: null },
    });
    expect(await friendIds(alice)).toEqual([bob.user.id]);
    expect(await friendIds(bob)).toEqual([alice.user.id]);
    expect((await call(t.app, alice, 'POST', `/api/users/${bob.user.id}/friend`)).status).toBe(200);
    expect((await call(t.app, bob, 'POST', `/api/users/${alice.user.id}/friend`)).status).toBe(200);
    expect(await t.database.db.select().from(friendships)).toHaveLength(2);
  });

  it('lists friends by name, without email or other private fields', async () => {
    await call(t.app, carol, 'POST', `/api/users/${alice.user.id}/friend`);
    const res = await call(t.app, alice, 'GET', '/api/user/friends');
    expect(res.body.map((f: { firstName: string }) => f.firstName)).toEqual(['Bob', 'Carol']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['firstName', 'id', 'profileImageUrl', 'username']);
    expect(await friendIds(bob)).toEqual([alice.user.id]);
  });

  it('refuses yourself (400), the AI trainer (400), unknown users (404)', async () => {
    const self = await call(t.app, alice, 'POST', `/api/users/${alice.user.id}/friend`);
    expect(self.status).toBe(400);
    const ai = await call(t.app, alice, 'POST', '/api/users/ai-trainer/friend');
    expect(ai).toEqual({
      status: 400,
      body: { error: 'bad_request', message: 'The AI Trainer cannot be added as a friend' },
    });
    const nobody = await call(t.app, alice, 'POST', '/api/users/no-such-user/friend');
    expect(nobody).toEqual({ status: 404, body: { error: 'not_found', message: 'User not found' } });
  });

  it('a blocked pair cannot befriend each other (404 either way)', async () => {
    const dave = await signUp(t.app);
    await t.database.db.insert(blocks).values({ blockerId: dave.user.id, blockedId: carol.user.id });
    expect((await call(t.app, carol, 'POST', `/api/users/${dave.user.id}/friend`)).status).toBe(404);
    expect((await call(t.app, dave, 'POST', `/api/users/${carol.user.id}/friend`)).status).toBe(404);
    expect(await friendIds(dave)).toEqual([]);
  });

  it('removing ends it for both sides and is idempotent', async () => {
    const rechecked: string[] = [];
    const off = t.app.ctx.events.on('access.changed', ({ userId }) => {
      rechecked.push(userId);
    });
    const res = await call(t.app, bob, 'DELETE', `/api/users/${alice.user.id}/friend`);
    off();
    expect(rechecked.sort()).toEqual([alice.user.id, bob.user.id].sort());
    expect(res.status).toBe(200);
    expect(res.body.isFriend).toBe(false);
    expect(await friendIds(alice)).toEqual([carol.user.id]);
    expect(await friendIds(bob)).toEqual([]);
    expect((await call(t.app, bob, 'DELETE', `/api/users/${alice.user.id}/friend`)).status).toBe(200);
    expect(await friendIds(carol)).toEqual([alice.user.id]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/friends' })).statusCode).toBe(401);
  });
});
