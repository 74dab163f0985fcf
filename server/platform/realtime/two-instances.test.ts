import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isChat, openSocket, sendOk, subscribe, type TestSocket, wsUrl } from '../../modules/chat/testing';
import { befriend, call, createPactVia } from '../../modules/pacts/testing';
import { decide, postProof } from '../../modules/proofs/testing';
import { createTestApp, type TestApp, testDbKind } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { describeNeeds } from '../../test/services';

/**
 * Two app instances on one database and one Redis behave as one: what is posted through A reaches sockets held
 * by B, and membership or session changes made through A take effect on B. Needs a Redis (TEST_REDIS_URL); on the
 * api-postgres project both instances share one PostgreSQL database, on api-pglite one in-process PGlite.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describeNeeds('TEST_REDIS_URL', `two instances on one ${testDbKind} database and one Redis`, () => {
  let a: TestApp;
  let b: TestApp;
  let dataDir: string;
  let urlB: string;
  let owner: SignedIn;
  let member: SignedIn;
  let pactId: number;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-two-'));
    const realtimePrefix = `sweatpact:test:${randomBytes(6).toString('hex')}:`;
    // One secret for both, as in production: a session cookie from A is valid on B. The sign-up limit would be
    // shared through Redis with every other run from 127.0.0.1 in the hour; this suite is about delivery.
    const env = {
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DISABLE_RATE_LIMIT: true,
    };
    a = await createTestApp(env, { realtimePrefix });
    b = await createTestApp(env, { realtimePrefix, shareDatabaseWith: a });
    expect(a.app.ctx.realtime.kind).toBe('redis');
    await wsUrl(a.app);
    urlB = await wsUrl(b.app);
    owner = await signUp(a.app, { firstName: 'Ada' });
    member = await signUp(a.app, { firstName: 'Bo' });
    pactId = (await createPactVia(a.app, owner, { title: 'Across instances' })).id;
    await call(a.app, member, 'POST', `/api/challenges/${pactId}/join`);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await b?.close();
    await a?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const openB = async (who: SignedIn) => {
    const s = await openSocket(urlB, who);
    sockets.push(s);
    return s;
  };

  it('delivers a message posted through A to a socket on B, in order', async () => {
    const s = await openB(member);
    await subscribe(s, pactId);
    const sent = [];
    for (const text of ['one', 'two', 'three']) sent.push(await sendOk(a.app, owner, pactId, text));
    for (const m of sent)
      expect(await s.next(isChat(m.id))).toMatchObject({ message: { id: m.id, message: m.message } });
  });

  it('delivers proof decisions made through A to B', async () => {
    const s = await openB(owner);
    await subscribe(s, pactId);
    const proof = await postProof(a.app, member, pactId);
    await s.next((f) => f.type === 'stream_proof' && f.proof.id === proof.proof!.id);
    await decide(a.app, owner, pactId, proof.proof!.id, 'approved');
    expect(await s.next((f) => f.type === 'proof_status')).toMatchObject({
      proofId: proof.proof!.id,
      status: 'approved',
    });
  });

  it("delivers a notification created through A to the user's socket on B, with no subscribe", async () => {
    const s = await openB(member);
    const stranger = await signUp(a.app, { firstName: 'Cy' });
    await befriend(a.app, stranger, member);
    // The proof decision of the test before may still be on its way to the member: wait for this one's kind.
    expect(
      await s.next((f) => f.type === 'notification' && f.notification.type === 'friend_request'),
    ).toMatchObject({ notification: { type: 'friend_request', actor: { id: stranger.user.id } } });
  });

  it('drops a member who left through A from the room on B, and closes B sockets of a session ended on A', async () => {
    const leaver = await signUp(a.app, { firstName: 'Lou' });
    await call(a.app, leaver, 'POST', `/api/challenges/${pactId}/join`);
    const s = await openB(leaver);
    await subscribe(s, pactId);
    await call(a.app, leaver, 'POST', `/api/challenges/${pactId}/leave`);
    expect(await s.next((f) => f.type === 'unsubscribed')).toMatchObject({ reason: 'left' });
    await call(a.app, leaver, 'POST', '/api/auth/logout');
    expect(await s.closed).toMatchObject({ code: 4401 });
  });
});
