import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, proofs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call, createPactVia } from '../pacts/testing';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

type Status = 'pending' | 'approved' | 'rejected';

/** A proof row as the proofs module stores it: a workout_proof message plus its proof. */
async function addProof(who: SignedIn, pactId: number, recordedDay: string, value: number, status: Status) {
  const [message] = await t.database.db
    .insert(chatMessages)
    .values({ pactId, userId: who.user.id, type: 'workout_proof', body: 'Workout proof submitted' })
    .returning();
  const [proof] = await t.database.db
    .insert(proofs)
    .values({ messageId: message!.id, pactId, userId: who.user.id, value, status, recordedDay })
    .returning();
  return proof!;
}

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([
    signUp(t.app, { firstName: 'Alice' }),
    signUp(t.app, { firstName: 'Bob' }),
  ]);
});
afterAll(() => t.close());

describe('GET /api/user/calendar', () => {
  it("answers the caller's approved workouts of the month grouped by day, and nobody else's", async () => {
    const pushUps = await createPactVia(t.app, alice, { title: 'Push Pact', exerciseType: 'push-ups' });
    const squats = await createPactVia(t.app, alice, { title: 'Squat Pact', exerciseType: 'squats' });
    await call(t.app, bob, 'POST', `/api/challenges/${pushUps.id}/join`);
    const first = await addProof(alice, pushUps.id, '2026-03-02', 20, 'approved');
    const second = await addProof(alice, squats.id, '2026-03-02', 30, 'approved');
    const third = await addProof(alice, pushUps.id, '2026-03-31', 25, 'approved');
    await addProof(alice, pushUps.id, '2026-03-03', 20, 'pending');
    await addProof(alice, pushUps.id, '2026-03-04', 20, 'rejected');
    await addProof(alice, pushUps.id, '2026-02-28', 20, 'approved');
    await addProof(alice, pushUps.id, '2026-04-01', 20, 'approved');
    await addProof(bob, pushUps.id, '2026-03-05', 18, 'approved');

    const res = await call(t.app, alice, 'GET', '/api/user/calendar?month=2026-03');
    expect(res.status).toBe(200);
    expect(res.body.map((d: { date: string }) => d.date)).toEqual(['2026-03-02', '2026-03-31']);
    expect(res.body[0].workouts).toEqual([
      expect.objectContaining({
        proofId: first.id,
        pactId: pushUps.id,
        pactTitle: 'Push Pact',
        exerciseType: 'push-ups',
        value: 20,
      }),
      expect.objectContaining({ proofId: second.id, pactTitle: 'Squat Pact', value: 30 }),
    ]);
    expect(res.body[1].workouts).toEqual([expect.objectContaining({ proofId: third.id, value: 25 })]);
    expect(Number.isNaN(Date.parse(res.body[0].workouts[0].time))).toBe(false);

    // Bob sees only his own workout in the same Pact and month, never Alice's.
    const bobs = await call(t.app, bob, 'GET', '/api/user/calendar?month=2026-03');
    expect(bobs.body).toEqual([
      {
        date: '2026-03-05',
        workouts: [expect.objectContaining({ pactId: pushUps.id, value: 18 })],
        frozen: false,
      },
    ]);
  });

  it('defaults to the current month and answers an empty list when there is nothing', async () => {
    const res = await call(t.app, bob, 'GET', '/api/user/calendar');
    expect(res).toEqual({ status: 200, body: [] });
  });

  it('refuses a malformed month, extra parameters and signed-out callers', async () => {
    expect((await call(t.app, alice, 'GET', '/api/user/calendar?month=2026-13')).status).toBe(400);
    expect((await call(t.app, alice, 'GET', '/api/user/calendar?month=March')).status).toBe(400);
    expect((await call(t.app, alice, 'GET', `/api/user/calendar?userId=${bob.user.id}`)).status).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/calendar' });
    expect(anonymous.statusCode).toBe(401);
  });
});
