import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge, ChallengePage } from '../../../shared/api/pacts';
import { pacts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, sessionUserOf, signUp } from '../../test/factories';
import { createPact } from './edit-service';
import { listLivePacts } from './read-service';
import { befriend, call, createPactVia } from './testing';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

const page = async (who: SignedIn, query: string) => {
  const res = await call(t.app, who, 'GET', `/api/challenges?${query}`);
  expect(res.status).toBe(200);
  return res.body as ChallengePage;
};

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([signUp(t.app), signUp(t.app)]);
});
afterAll(() => t.close());

describe('GET /api/challenges', () => {
  it('pages through 45 Pacts newest first: 20, 20, 5, no duplicates', async () => {
    const t2 = await createTestApp();
    try {
      // Without the AI trainer's built-in Pacts, the 45 below are everything there is.
      await t2.database.db.delete(pacts);
      const maker = await signUp(t2.app);
      const reader = await signUp(t2.app);
      const created: number[] = [];
      // Created through the service (no HTTP) to keep this test quick; the pages are read over HTTP.
      for (let i = 0; i < 45; i += 1) {
        const pact = await createPact(t2.app.ctx, sessionUserOf(maker), {
          exerciseType: 'squats',
          targetValue: 10,
          title: `Pact ${i}`,
          visibility: 'public',
          totalDays: 7,
          scheduleDays: ['monday'],
        });
        created.push(pact.id);
      }
      const seen: Challenge[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const res: ChallengePage = await (async () => {
          const r = await call(
            t2.app,
            reader,
            'GET',
            `/api/challenges?limit=20${cursor ? `&cursor=${cursor}` : ''}`,
          );
          return r.body;
        })();
        sizes.push(res.items.length);
        seen.push(...res.items);
        cursor = res.nextCursor;
      } while (cursor);
      expect(sizes).toEqual([20, 20, 5]);
      expect(seen.map((c) => c.id)).toEqual([...created].reverse());
      expect(new Set(seen.map((c) => c.id)).size).toBe(45);
    } finally {
      await t2.close();
    }
  }, 120_000);

  it('answers 400 for a bad cursor or limit', async () => {
    expect((await call(t.app, alice, 'GET', '/api/challenges?cursor=nonsense')).status).toBe(400);
    expect((await call(t.app, alice, 'GET', '/api/challenges?limit=51')).status).toBe(400);
    expect((await call(t.app, alice, 'GET', '/api/challenges?limit=0')).status).toBe(400);
    expect((await call(t.app, alice, 'GET', '/api/challenges?filter=pro')).status).toBe(400);
  });

  it('filter=friends keeps Pacts created by friends only', async () => {
    const friend = await signUp(t.app);
    const stranger = await signUp(t.app);
    await befriend(t.app, alice, friend);
    const fromFriend = await createPactVia(t.app, friend, { title: 'Friend public' });
    const fromFriendFriendsOnly = await createPactVia(t.app, friend, { visibility: 'friends' });
    const fromStranger = await createPactVia(t.app, stranger, { title: 'Stranger public' });
    const mine = await createPactVia(t.app, alice);
    const items = (await page(alice, 'filter=friends&limit=50')).items.map((c) => c.id);
    expect(items).toContain(fromFriend.id);
    expect(items).toContain(fromFriendFriendsOnly.id);
    expect(items).not.toContain(fromStranger.id);
    expect(items).not.toContain(mine.id);
    const all = (await page(bob, 'limit=50')).items.map((c) => c.id);
    expect(all).toContain(fromFriend.id);
    expect(all).not.toContain(fromFriendFriendsOnly.id);
  });

  it('filter=friends pages across several friends newest first without gaps', async () => {
    const reader = await signUp(t.app);
    const [f1, f2] = [await signUp(t.app), await signUp(t.app)];
    await befriend(t.app, reader, f1);
    await befriend(t.app, reader, f2);
    const made: number[] = [];
    for (let i = 0; i < 13; i += 1) {
      made.push((await createPactVia(t.app, i % 3 === 0 ? f2 : f1, { title: `F${i}` })).id);
    }
    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res: ChallengePage = await page(
        reader,
        `filter=friends&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      sizes.push(res.items.length);
      seen.push(...res.items.map((c) => c.id));
      cursor = res.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([5, 5, 3]);
    expect(seen).toEqual([...made].reverse());
  });

  it('filter=popular keeps Pacts with more than 20 participants', async () => {
    const twenty = await createPactVia(t.app, bob, { title: 'Twenty' });
    const twentyOne = await createPactVia(t.app, bob, { title: 'Twenty-one' });
    await t.database.db.update(pacts).set({ participantCount: 20 }).where(eq(pacts.id, twenty.id));
    await t.database.db.update(pacts).set({ participantCount: 21 }).where(eq(pacts.id, twentyOne.id));
    const items = (await page(alice, 'filter=popular')).items;
    expect(items.map((c) => c.id)).toContain(twentyOne.id);
    expect(items.map((c) => c.id)).not.toContain(twenty.id);
    expect(items.every((c) => c.participantCount > 20)).toBe(true);
  });

  it("filter=mine keeps the caller's own Pacts, private and hidden included", async () => {
    const priv = await createPactVia(t.app, bob, { visibility: 'private' });
    const hidden = await createPactVia(t.app, bob);
    await call(t.app, bob, 'PATCH', `/api/challenges/${hidden.id}`, { isHidden: true });
    const items = (await page(bob, 'filter=mine&limit=50')).items;
    expect(items.map((c) => c.id)).toEqual(expect.arrayContaining([priv.id, hidden.id]));
    expect(items.every((c) => c.creatorId === bob.user.id && c.isCreator)).toBe(true);
    const alices = (await page(alice, 'filter=mine&limit=50')).items.map((c) => c.id);
    expect(alices).not.toContain(priv.id);
  });
});

describe('GET /api/challenges/live', () => {
  const allDays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

  it("lists visible Pacts scheduled today within 7.5 minutes of their time, in the caller's zone", async () => {
    const tokyo = await signUp(t.app, { timeZone: 'Asia/Tokyo' });
    // 2026-03-04 (a Wednesday) 03:00 UTC is 12:00 in Tokyo.
    const now = new Date('2026-03-04T03:00:00Z');
    const make = (workoutTime: string, extra = {}) =>
      createPactVia(t.app, bob, { workoutTime, scheduleDays: [...allDays], ...extra });
    const inside = [await make('12:07'), await make('11:53')];
    const outside = [
      await make('12:08'),
      await make('11:52'),
      await make('03:00'),
      await make('12:00', { scheduleDays: ['thursday'] }),
      await make('12:00', { visibility: 'private' }),
    ];
    const got = (await listLivePacts(t.app.ctx, sessionUserOf(tokyo), now)).map((c) => c.id);
    for (const pact of inside) expect(got).toContain(pact.id);
    for (const pact of outside) expect(got).not.toContain(pact.id);
    const bobsOwn = (await listLivePacts(t.app.ctx, sessionUserOf(bob, { timeZone: 'Asia/Tokyo' }), now)).map(
      (c) => c.id,
    );
    expect(bobsOwn).toContain(outside[4]!.id);
    await t.database.db.delete(pacts).where(
      inArray(
        pacts.id,
        [...inside, ...outside].map((p) => p.id),
      ),
    );
  });

  it('answers the live list over HTTP', async () => {
    const res = await call(t.app, alice, 'GET', '/api/challenges/live');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });
});
