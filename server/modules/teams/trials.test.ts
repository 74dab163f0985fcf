import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialsTaken } from '../../db/schema';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, type SignedIn, signUp } from '../../test/factories';
import { call, createProPactVia } from '../pacts/testing';
import { DELETION_GRACE_MS } from '../privacy/service';

/** One free trial per person and team, for good (DECISIONS 11): erasing the account and signing up again gives none. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function erase(who: SignedIn) {
  await t.app.inject({
    method: 'POST',
    url: '/api/data-deletion-request',
    headers: { ...who.headers, origin: ORIGIN },
    payload: { dataTypes: ['chat'], contactEmail: who.user.email, fullAccountDeletion: true },
  });
  await runDueJobs(t.app.ctx, { now: new Date(Date.now() + DELETION_GRACE_MS + 60_000) });
  expect((await t.app.inject({ url: '/api/auth/user', headers: who.headers })).statusCode).toBe(401);
}

describe('a second free trial', () => {
  it('is not given to the same email after the account was erased, for good', async () => {
    const coach = await signUp(t.app);
    const teamId = (await createProPactVia(t.app, coach, 'Trial team')).teamId!;
    const other = (await createProPactVia(t.app, coach, 'Other team', { title: 'Other' })).teamId!;
    const first = await signUp(t.app, { email: 'Jane.Doe+trial@gmail.com' });
    const started = await call(t.app, first, 'POST', `/api/teams/${teamId}/subscribe`);
    expect(started.body.subscription.status).toBe('trialing');
    await erase(first);

    // Kept as a keyed hash per team, never the address.
    const kept = await t.database.db.select().from(trialsTaken);
    expect(kept.map((r) => r.teamId)).toEqual([teamId]);
    expect(kept[0]!.emailHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept).toLowerCase()).not.toContain('jane');

    // The same mailbox, spelled another way: no trial offered, and subscribing pays from the first day.
    const again = await signUp(t.app, { email: 'janedoe@gmail.com' });
    const page = await call(t.app, again, 'GET', `/api/teams/${teamId}`);
    expect(page.body).toMatchObject({ trialDays: 0, myStatus: null });
    expect(page.body.features.join(' ')).not.toMatch(/free trial/);
    const listed = (await call(t.app, again, 'GET', '/api/teams')).body as {
      id: number;
      trialDays: number;
    }[];
    expect(listed.find((x) => x.id === teamId)?.trialDays).toBe(0);
    expect(listed.find((x) => x.id === other)?.trialDays).toBe(7);
    const paid = await call(t.app, again, 'POST', `/api/teams/${teamId}/subscribe`);
    expect(paid.status).toBe(200);
    expect(paid.body.subscription).toMatchObject({ status: 'active', trialEndsAt: null });

    // Another team's trial is still theirs to take; another person's too.
    expect((await call(t.app, again, 'POST', `/api/teams/${other}/subscribe`)).body.subscription.status).toBe(
      'trialing',
    );
    const someoneElse = await signUp(t.app);
    expect(
      (await call(t.app, someoneElse, 'POST', `/api/teams/${teamId}/subscribe`)).body.subscription.status,
    ).toBe('trialing');
  });
});
