import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call } from '../pacts/testing';

/** Chosen usernames (docs/PACTS.md, "Usernames"): the shape, reserved words, uniqueness regardless of case. */
let t: TestApp;
let ann: SignedIn;
let bo: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [ann, bo] = await Promise.all([signUp(t.app), signUp(t.app)]);
});
afterAll(() => t.close());

const check = (who: SignedIn, name: string) =>
  call(t.app, who, 'GET', `/api/user/username-availability?username=${encodeURIComponent(name)}`);
const choose = (who: SignedIn, username: string) =>
  call(t.app, who, 'PATCH', '/api/user/profile', { username });

describe('username availability', () => {
  it('says why a name cannot be taken, as typed', async () => {
    expect((await check(ann, 'ab')).body).toMatchObject({ available: false, problem: 'too_short' });
    expect((await check(ann, 'a'.repeat(21))).body).toMatchObject({ available: false, problem: 'too_long' });
    for (const bad of ['ann smith', 'ann-smith', '.ann', 'ann.', 'an..n', 'ánn'])
      expect((await check(ann, bad)).body.problem, bad).toBe('characters');
    expect((await check(ann, 'Admin')).body).toMatchObject({ available: false, problem: 'reserved' });
    expect((await check(ann, 'sweat.pact')).body.problem).toBe('reserved');
    const ok = await check(ann, '  @Ann.Runs_2 ');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ username: 'ann.runs_2', available: true, problem: null, message: null });
    expect((await t.app.inject({ url: '/api/user/username-availability?username=abc' })).statusCode).toBe(
      401,
    );
  });

  it("answers taken for another user's name in any case, and available for one's own", async () => {
    expect((await choose(ann, 'Ann.Lifts')).status).toBe(200);
    const mine = await check(ann, 'ann.lifts');
    expect(mine.body.available).toBe(true);
    const theirs = await check(bo, 'ANN.LIFTS');
    expect(theirs.body).toMatchObject({
      available: false,
      problem: 'taken',
      message: 'That username is taken',
    });
  });
});

describe('choosing a username', () => {
  it('stores it in lower case and shows it to others', async () => {
    const res = await choose(bo, 'Bo_Trains');
    expect(res.status).toBe(200);
    expect(res.body.user.username).toBe('bo_trains');
    const seen = await call(t.app, ann, 'GET', `/api/users/${bo.user.id}`);
    expect(seen.body.username).toBe('bo_trains');
  });

  it('refuses a bad, reserved or taken name and changes nothing', async () => {
    const before = (await call(t.app, bo, 'GET', '/api/auth/user')).body.user.username;
    for (const bad of ['x', 'no spaces', 'support']) expect((await choose(bo, bad)).status, bad).toBe(400);
    const taken = await choose(bo, 'ANN.lifts');
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('That username is taken');
    expect((await call(t.app, bo, 'GET', '/api/auth/user')).body.user.username).toBe(before);
  });

  it('gives one of two racing users the name and the other a clear 409', async () => {
    const [c, d] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const results = await Promise.all([choose(c, 'race.winner'), choose(d, 'Race.Winner')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('That username is taken');
  });
});
