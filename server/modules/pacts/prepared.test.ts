import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../../shared/api/pacts';
import { participations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, sessionUserOf, signUp } from '../../test/factories';
import { getPact } from './read-service';
import { befriend, call, createPactVia } from './testing';

/**
 * The hot reads are prepared statements shared by every caller (prepared.ts): each call must still answer for its
 * own caller, and a block, an unfriending or a deletion must show on the very next read (no answer is kept).
 */

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let pub: Challenge;
let friendsOnly: Challenge;

const discover = async (who: SignedIn) => {
  const res = await call(t.app, who, 'GET', '/api/challenges?filter=all&limit=10');
  expect(res.status).toBe(200);
  return (res.body.items as Challenge[]).map((c) => c.id);
};
const detail = (who: SignedIn, id: number) => call(t.app, who, 'GET', `/api/challenges/${id}`);

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol] = await Promise.all([
    signUp(t.app, { firstName: 'Alice' }),
    signUp(t.app, { firstName: 'Bob' }),
    signUp(t.app, { firstName: 'Carol' }),
  ]);
  await befriend(t.app, alice, carol);
  pub = await createPactVia(t.app, alice, { title: 'Public' });
  friendsOnly = await createPactVia(t.app, alice, { title: 'Friends', visibility: 'friends' });
});
afterAll(() => t.close());

describe('prepared Pact reads', () => {
  it('answer each caller for themself, call after call (past the point PostgreSQL switches plans)', async () => {
    for (let i = 0; i < 7; i += 1) {
      expect(await discover(carol)).toEqual(expect.arrayContaining([pub.id, friendsOnly.id]));
      expect(await discover(bob)).toContain(pub.id);
      expect(await discover(bob)).not.toContain(friendsOnly.id);
      expect((await detail(carol, friendsOnly.id)).status).toBe(200);
      expect((await detail(bob, friendsOnly.id)).status).toBe(404);
      const own = await detail(alice, friendsOnly.id);
      expect(own.body).toMatchObject({ isCreator: true, myStatus: 'active' });
      expect((await detail(carol, friendsOnly.id)).body).toMatchObject({ isCreator: false, myStatus: null });
    }
  });

  it('show a block, an unfriending and a deletion on the very next read', async () => {
    expect((await call(t.app, bob, 'POST', `/api/users/${alice.user.id}/block`)).status).toBe(200);
    expect(await discover(bob)).not.toContain(pub.id);
    expect((await detail(bob, pub.id)).status).toBe(404);
    expect((await call(t.app, bob, 'DELETE', `/api/users/${alice.user.id}/block`)).status).toBe(200);
    expect(await discover(bob)).toContain(pub.id);

    expect((await call(t.app, carol, 'DELETE', `/api/users/${alice.user.id}/friend`)).status).toBe(200);
    expect(await discover(carol)).not.toContain(friendsOnly.id);
    expect((await detail(carol, friendsOnly.id)).status).toBe(404);

    const doomed = await createPactVia(t.app, alice, { title: 'Doomed' });
    expect((await detail(bob, doomed.id)).status).toBe(200);
    expect((await call(t.app, alice, 'DELETE', `/api/challenges/${doomed.id}`)).status).toBe(200);
    expect((await detail(bob, doomed.id)).status).toBe(404);
    expect(await discover(bob)).not.toContain(doomed.id);
  });

  it("a Pact's detail shows a participation completed once its last day passed, in the participant's time zone", async () => {
    const short = await createPactVia(t.app, alice, { title: 'Three days', totalDays: 3 });
    const kiri = await signUp(t.app, { timeZone: 'Pacific/Kiritimati' });
    expect((await call(t.app, kiri, 'POST', `/api/challenges/${short.id}/join`)).status).toBe(200);
    await t.database.db
      .update(participations)
      .set({ startDay: '2026-03-08' })
      .where(and(eq(participations.pactId, short.id), eq(participations.userId, kiri.user.id)));
    const me = sessionUserOf(kiri, { timeZone: 'Pacific/Kiritimati' });
    // Days 1-3 are 03-08..03-10; at 2026-03-10T08:00Z Kiritimati (UTC+14) is still on 03-10: not yet due.
    const before = await getPact(t.app.ctx, me, short.id, new Date('2026-03-10T08:00:00Z'));
    expect(before).toMatchObject({ myStatus: 'active', participantCount: 2 });
    // At 12:00Z it is 03-11 there: the read presents it completed from its dates, and writes nothing (progress's
    // refresh stores the completion and lowers the count).
    const after = await getPact(t.app.ctx, me, short.id, new Date('2026-03-10T12:00:00Z'));
    expect(after).toMatchObject({ myStatus: 'completed', currentDay: 3, participantCount: 2 });
    const [row] = await t.database.db
      .select({ status: participations.status })
      .from(participations)
      .where(and(eq(participations.pactId, short.id), eq(participations.userId, kiri.user.id)));
    expect(row?.status).toBe('active');
  });
});
