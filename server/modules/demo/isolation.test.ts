import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { isChat, openSocket, sendOk, subscribe, wsUrl } from '../chat/testing';
import { call, createPactVia } from '../pacts/testing';
import { postProof } from '../proofs/testing';
import { tryDemo as tryDemoIn } from './testing';

/**
 * DECISIONS 3: every Try Demo visitor has a sandbox of its own. Two visitors in the same public Pact never see
 * each other (participants, chat, proofs, live messages, profiles, notifications), and real people never see
 * either; a visitor still sees real people, and its own sample friends.
 */
describe('demo sandboxes stay apart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tryDemo = () => tryDemoIn(t.app);

  it('keeps two visitors and a real creator apart in a public Pact', async () => {
    const real = await signUp(t.app);
    const pact = await createPactVia(t.app, real, { title: 'Open Squats', workoutTime: undefined });
    const a = await tryDemo();
    const b = await tryDemo();
    expect(a.user.username).toMatch(/^demo\.athlete\.\d{4,6}$/);
    for (const who of [a, b])
      expect((await call(t.app, who, 'POST', `/api/challenges/${pact.id}/join`)).status).toBe(200);

    const url = await wsUrl(t.app);
    const bSocket = await openSocket(url, b);
    const realSocket = await openSocket(url, real);
    await subscribe(bSocket, pact.id);
    await subscribe(realSocket, pact.id);

    const fromA = await sendOk(t.app, a, pact.id, 'Visitor A was here');
    const proofA = await postProof(t.app, a, pact.id);
    const fromReal = await sendOk(t.app, real, pact.id, 'Welcome, everyone');
    // The real creator's message reaches B live; A's message never does, nor reaches the creator.
    await bSocket.next(isChat(fromReal.id));
    await realSocket.next(isChat(fromReal.id));
    expect(bSocket.frames.some(isChat(fromA.id))).toBe(false);
    expect(realSocket.frames.some(isChat(fromA.id))).toBe(false);
    expect(realSocket.frames.some(isChat(proofA.id))).toBe(false);
    bSocket.close();
    realSocket.close();

    for (const viewer of [b, real]) {
      const chat = await call(t.app, viewer, 'GET', `/api/challenges/${pact.id}/messages`);
      const ids = (chat.body.items as Array<{ id: number }>).map((m) => m.id);
      expect(ids).toContain(fromReal.id);
      expect(ids).not.toContain(fromA.id);
      expect(ids).not.toContain(proofA.id);
      const after = await call(
        t.app,
        viewer,
        'GET',
        `/api/challenges/${pact.id}/messages?after=${fromA.id - 1}`,
      );
      expect((after.body.items as Array<{ id: number }>).map((m) => m.id)).not.toContain(fromA.id);
      const people = await call(t.app, viewer, 'GET', `/api/challenges/${pact.id}/participants`);
      const who = (people.body as Array<{ userId: string }>).map((p) => p.userId);
      expect(who).not.toContain(a.user.id);
      expect((await call(t.app, viewer, 'GET', `/api/users/${a.user.id}`)).status).toBe(404);
    }
    // A sees itself and the real creator.
    const own = await call(t.app, a, 'GET', `/api/challenges/${pact.id}/messages`);
    expect((own.body.items as Array<{ id: number }>).map((m) => m.id)).toEqual(
      expect.arrayContaining([fromA.id, proofA.id, fromReal.id]),
    );
    expect((await call(t.app, a, 'GET', `/api/users/${real.user.id}`)).status).toBe(200);
    // The creator is not told of a proof by someone they cannot see, and cannot decide it.
    const notes = await call(t.app, real, 'GET', '/api/notifications');
    expect((notes.body.items as Array<{ type: string }>).map((n) => n.type)).not.toContain('proof_pending');
    const proofId = (proofA as { proof?: { id: number } }).proof?.id;
    expect(proofId).toBeDefined();
    const decided = await call(t.app, real, 'POST', `/api/challenges/${pact.id}/approve`, {
      proofId,
      approval: 'approved',
    });
    expect(decided.status).toBe(404);
  });

  it('shows a visitor its own sample friends, with readable handles, but no other visitor', async () => {
    const a = await tryDemo();
    const b = await tryDemo();
    const friends = await call(t.app, a, 'GET', '/api/user/friends');
    const list = friends.body as Array<{ id: string; username: string }>;
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const f of list.filter((f) => f.id !== 'ai-trainer'))
      expect(f.username).toMatch(/^[a-z]+\.[a-z]+\.\d{4,6}$/);
    const maya = list.find((f) => f.username.startsWith('maya.'))!;
    expect((await call(t.app, a, 'GET', `/api/users/${maya.id}`)).status).toBe(200);
    expect((await call(t.app, b, 'GET', `/api/users/${maya.id}`)).status).toBe(404);
    expect((await call(t.app, b, 'GET', `/api/users/${a.user.id}`)).status).toBe(404);
  });
});
