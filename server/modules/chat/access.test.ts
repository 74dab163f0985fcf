import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations, subscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call, createPactVia } from '../pacts/testing';
import { decide, postProof } from '../proofs/testing';
import { lapseSubscription } from '../teams/testing';
import { LIVE_ONLY_ACTIVE_MESSAGE } from './live';
import { JOIN_TO_CHAT_MESSAGE, TEAM_CHAT_MESSAGE } from './service';

/**
 * Who may act in a Pact's chat (chatAccess, on pacts' lean access read): each refusal with its status and message,
 * on every chat endpoint (read, send, live, decide a proof), in the order the rules apply: not visible (404, as a
 * Pact that does not exist), then team access (403), then the caller's participation (403).
 */

let t: TestApp;
let dataDir: string;
let owner: SignedIn;
let coach: SignedIn;
let stranger: SignedIn;
let left: SignedIn;
let done: SignedIn;
let blocked: SignedIn;
let lapsed: SignedIn;
let pub: number;
let priv: number;
let gone: number;
let pro: number;
let teamId: number;
let proofId: number;

const NOT_FOUND = { status: 404, body: { error: 'not_found', message: 'Pact not found' } };
const refused = (message: string) => ({ status: 403, body: { error: 'forbidden', message } });

const read = (who: SignedIn, id: number) => call(t.app, who, 'GET', `/api/challenges/${id}/messages`);
const send = (who: SignedIn, id: number) =>
  call(t.app, who, 'POST', `/api/challenges/${id}/chat`, { message: 'hello', type: 'message' });
const live = (who: SignedIn, id: number) =>
  call(t.app, who, 'POST', `/api/challenges/${id}/live`, { state: 'started' });
const join = async (who: SignedIn, id: number) =>
  expect((await call(t.app, who, 'POST', `/api/challenges/${id}/join`)).status).toBe(200);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-chat-access-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const named = (firstName: string) => signUp(t.app, { firstName });
  [owner, coach, stranger, left, done, blocked, lapsed] = await Promise.all([
    named('Owen'),
    named('Coco'),
    named('Stan'),
    named('Lea'),
    named('Dora'),
    named('Bea'),
    named('Lars'),
  ]);
  pub = (await createPactVia(t.app, owner, { title: 'Public' })).id;
  priv = (await createPactVia(t.app, owner, { title: 'Private', visibility: 'private' })).id;
  gone = (await createPactVia(t.app, owner, { title: 'Deleted' })).id;
  for (const who of [left, done, blocked]) await join(who, pub);
  expect((await call(t.app, left, 'POST', `/api/challenges/${pub}/leave`)).status).toBe(200);
  await t.database.db
    .update(participations)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(participations.userId, done.user.id), eq(participations.pactId, pub)));
  expect((await call(t.app, blocked, 'POST', `/api/users/${owner.user.id}/block`)).status).toBe(200);
  expect((await call(t.app, owner, 'DELETE', `/api/challenges/${gone}`)).status).toBe(200);

  const team = await createPactVia(t.app, coach, {
    visibility: 'pro',
    teamName: 'Crew',
    teamDescription: 'Coached',
  });
  pro = team.id;
  teamId = team.teamId!;
  const soon = new Date(Date.now() + 7 * 86_400_000);
  await t.database.db.insert(subscriptions).values({
    teamId,
    userId: lapsed.user.id,
    status: 'trialing',
    priceCents: 2900,
    currentPeriodEnd: soon,
    trialEndsAt: soon,
    provider: 'test',
  });
  await join(lapsed, pro);
  proofId = (await postProof(t.app, coach, pro)).proof!.id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('chat access', () => {
  it('is 404 on every chat endpoint for a Pact the caller may not see, deleted or missing', async () => {
    for (const [who, id] of [
      [stranger, priv],
      [blocked, pub],
      [owner, gone],
      [owner, 999_999],
    ] as const) {
      expect(await read(who, id)).toEqual(NOT_FOUND);
      expect(await send(who, id)).toEqual(NOT_FOUND);
      expect(await live(who, id)).toEqual(NOT_FOUND);
    }
  });

  it('lets a visitor and one who left read, not write; a completed participant writes but does not go live', async () => {
    for (const who of [stranger, left]) {
      expect((await read(who, pub)).status).toBe(200);
      expect(await send(who, pub)).toEqual(refused(JOIN_TO_CHAT_MESSAGE));
      expect(await live(who, pub)).toEqual(refused(LIVE_ONLY_ACTIVE_MESSAGE));
    }
    expect((await send(done, pub)).status).toBe(201);
    expect(await live(done, pub)).toEqual(refused(LIVE_ONLY_ACTIVE_MESSAGE));
    expect((await send(owner, pub)).status).toBe(201);
  });

  it("closes a team Pact's chat (403) when the member's access ends, though they are still its participant", async () => {
    expect((await send(lapsed, pro)).status).toBe(201);
    expect((await read(lapsed, pro)).status).toBe(200);
    await lapseSubscription(t.database.db, lapsed.user.id, teamId);
    const team = refused(TEAM_CHAT_MESSAGE);
    expect(await read(lapsed, pro)).toEqual(team);
    expect(await send(lapsed, pro)).toEqual(team);
    expect(await live(lapsed, pro)).toEqual(team);
    expect(await decide(t.app, lapsed, pro, proofId, 'approved')).toEqual(team);
    // A visitor without access: the card is visible, the chat is not.
    expect(await read(stranger, pro)).toEqual(team);
    expect((await read(coach, pro)).status).toBe(200);
    expect((await send(coach, pro)).status).toBe(201);
  });

  it('refuses a proof decision with 404 where the Pact is not visible', async () => {
    expect(await decide(t.app, stranger, priv, proofId, 'approved')).toEqual(NOT_FOUND);
    expect(await decide(t.app, owner, gone, proofId, 'approved')).toEqual(NOT_FOUND);
  });
});
