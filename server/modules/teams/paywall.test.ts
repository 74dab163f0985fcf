import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/domain/limits';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { fakeMp4, uploadMediaVia } from '../media/testing';
import { advanceBillingClock } from '../memberships/subscriptions';
import { TEAM_PARTICIPANTS_MESSAGE } from '../pacts/read-service';
import { call, createProPactVia } from '../pacts/testing';
import { lapseSubscription } from './testing';

/**
 * A paid team's Pact shows its card to all (DECISIONS 4), but its members list and its uploaded tutorial are for
 * the coach and members with access (trialing, active, past due within the grace days): a stranger who never
 * subscribed, or a member whose subscription ended, gets neither.
 */

let t: TestApp;
let dataDir: string;
let coach: SignedIn;
let member: SignedIn;
let stranger: SignedIn;
let pactId: number;
let teamId: number;
let tutorial: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-paywall-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  coach = await signUp(t.app);
  member = await signUp(t.app);
  stranger = await signUp(t.app);
  tutorial = await uploadMediaVia(t.app, coach, fakeMp4(1200, 20), {
    kind: 'tutorial',
    filetype: 'video/mp4',
  });
  const pact = await createProPactVia(t.app, coach, 'Paid squad', { tutorialMediaId: tutorial });
  pactId = pact.id;
  teamId = pact.teamId!;
  expect((await call(t.app, member, 'POST', `/api/teams/${teamId}/subscribe`)).status).toBe(200);
  expect((await call(t.app, member, 'POST', `/api/challenges/${pactId}/join`)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const participants = (who: SignedIn) => call(t.app, who, 'GET', `/api/challenges/${pactId}/participants`);
const play = (who: SignedIn) =>
  t.app.inject({ method: 'GET', url: `/media/${tutorial}`, headers: who.headers }).then((r) => r.statusCode);
const card = async (who: SignedIn) => (await call(t.app, who, 'GET', `/api/challenges/${pactId}`)).body;

describe("a paid team Pact's members and tutorial", () => {
  it('are for the coach and members with access', async () => {
    for (const who of [coach, member]) {
      const list = await participants(who);
      expect(list.status).toBe(200);
      expect(list.body.map((p: { userId: string }) => p.userId).sort()).toEqual(
        [coach.user.id, member.user.id].sort(),
      );
      expect(await play(who)).toBe(200);
      expect((await card(who)).tutorialVideoUrl).toBe(`/media/${tutorial}`);
    }
  });

  it('are refused to a stranger who never subscribed; the card stays, without the tutorial', async () => {
    const list = await participants(stranger);
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(TEAM_PARTICIPANTS_MESSAGE);
    expect(await play(stranger)).toBe(404);
    const seen = await card(stranger);
    expect(seen).toMatchObject({ id: pactId, teamAccess: false, tutorialVideoUrl: null });
  });

  it('stay open while a failed payment is in its grace days', async () => {
    await call(t.app, member, 'PATCH', `/api/teams/${teamId}/subscription/test-card`, {
      simulatePaymentFailure: true,
    });
    await advanceBillingClock(t.app.ctx, 8 * DAY_MS); // the trial's end: the first charge fails, past due
    expect((await call(t.app, member, 'GET', `/api/teams/${teamId}`)).body.mySubscription.status).toBe(
      'past_due',
    );
    expect((await participants(member)).status).toBe(200);
    expect(await play(member)).toBe(200);
  });

  it('close when the subscription has ended', async () => {
    await lapseSubscription(t.database.db, member.user.id, teamId);
    expect((await participants(member)).status).toBe(403);
    expect(await play(member)).toBe(404);
    expect((await card(member)).tutorialVideoUrl).toBeNull();
    // The coach keeps both.
    expect((await participants(coach)).status).toBe(200);
    expect(await play(coach)).toBe(200);
  });
});
