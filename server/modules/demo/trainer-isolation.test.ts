import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ServerFrame } from '../../../shared/api/chat';
import type { Challenge } from '../../../shared/api/pacts';
import { AI_TRAINER_ID } from '../../../shared/api/users';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { isChat, openSocket, sendOk, subscribe, wsUrl } from '../chat/testing';
import { call } from '../pacts/testing';
import { postProof } from '../proofs/testing';
import { tryDemo } from './testing';

/**
 * The AI trainer's shared Pacts with two Try Demo visitors and a real person in them (docs/RULES.md "Sandboxes stay
 * apart"): the trainer's reply to someone is seen only by those who may see that person, in chat pages, catch-up
 * and live frames; participant counts shown outside a sandbox never count its visitor.
 */
describe('the AI trainer with demo visitors', () => {
  let t: TestApp;
  let pactId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from pacts where creator_id = ${AI_TRAINER_ID} order by id limit 1`,
    );
    pactId = row!.id;
  });
  afterAll(() => t.close());

  const pactOf = async (who: SignedIn) =>
    (await call(t.app, who, 'GET', `/api/challenges/${pactId}`)).body as Challenge;
  const countFor = async (who: SignedIn) => (await pactOf(who)).participantCount;
  const trainerIds = (items: ChatMessage[]) =>
    items.filter((m) => m.userId === AI_TRAINER_ID).map((m) => m.id);
  const page = async (who: SignedIn, query = '') =>
    trainerIds((await call(t.app, who, 'GET', `/api/challenges/${pactId}/messages${query}`)).body.items);
  /** The trainer's newest reply (the one just stored in answer to `body` or a proof). */
  const newestReply = async (who: SignedIn) => (await page(who))[0]!;
  const chatIds = (frames: ServerFrame[]) =>
    frames.flatMap((f) => (f.type === 'chat_message' ? [f.message.id] : []));

  it('shows a reply to a visitor only in its sandbox, and counts no visitor for anyone else', async () => {
    const real = await signUp(t.app, { firstName: 'Rita' });
    const base = await countFor(real);
    expect((await call(t.app, real, 'POST', `/api/challenges/${pactId}/join`)).status).toBe(200);
    const a = await tryDemo(t.app);
    const b = await tryDemo(t.app);
    for (const who of [a, b])
      expect((await call(t.app, who, 'POST', `/api/challenges/${pactId}/join`)).status).toBe(200);

    const url = await wsUrl(t.app);
    const bSocket = await openSocket(url, b);
    const realSocket = await openSocket(url, real);
    await subscribe(bSocket, pactId);
    await subscribe(realSocket, pactId);

    const fromA = await sendOk(t.app, a, pactId, 'Visitor A checking in');
    const toA = await newestReply(a);
    expect(toA).toBeGreaterThan(fromA.id);
    const proofA = await postProof(t.app, a, pactId, { value: 30 });
    const toAProof = await newestReply(a);
    expect(toAProof).toBeGreaterThan(proofA.id);
    await sendOk(t.app, b, pactId, 'Visitor B checking in');
    const toB = await newestReply(b);
    await sendOk(t.app, real, pactId, 'Rita here');
    const toReal = await newestReply(real);
    expect(new Set([toA, toAProof, toB, toReal]).size).toBe(4);

    // Live: each gets its own reply and the real person's; none gets a reply to a visitor of another sandbox.
    await bSocket.next(isChat(toReal));
    await realSocket.next(isChat(toReal));
    expect(chatIds(bSocket.frames)).toContain(toB);
    expect(chatIds(bSocket.frames)).not.toEqual(expect.arrayContaining([toA]));
    expect(chatIds(bSocket.frames)).not.toContain(toAProof);
    for (const id of [toA, toAProof, toB]) expect(chatIds(realSocket.frames)).not.toContain(id);
    bSocket.close();
    realSocket.close();

    // Catch-up after a reconnect (the socket's resume from an id) and every chat page.
    const again = await openSocket(url, b);
    const backlog = chatIds(await subscribe(again, pactId, fromA.id - 1));
    expect(backlog).toEqual(expect.arrayContaining([toB, toReal]));
    expect(backlog).not.toContain(toA);
    expect(backlog).not.toContain(toAProof);
    again.close();
    const pages = (who: SignedIn) =>
      Promise.all([page(who), page(who, `?after=${fromA.id - 1}`), page(who, `?before=${toReal + 1}`)]).then(
        (all) => all.flat(),
      );
    const seenByB = await pages(b);
    expect(seenByB).toEqual(expect.arrayContaining([toB, toReal]));
    expect(seenByB).not.toContain(toA);
    expect(seenByB).not.toContain(toAProof);
    const seenByReal = await pages(real);
    expect(seenByReal).toContain(toReal);
    for (const id of [toA, toAProof, toB]) expect(seenByReal).not.toContain(id);
    const seenByA = await pages(a);
    expect(seenByA).toEqual(expect.arrayContaining([toA, toAProof, toReal]));
    expect(seenByA).not.toContain(toB);

    // Counts: the real person sees no visitor; each visitor also counts itself, never the other.
    expect(await countFor(real)).toBe(base + 1);
    expect(await countFor(a)).toBe(base + 2);
    expect(await countFor(b)).toBe(base + 2);
    expect((await call(t.app, a, 'POST', `/api/challenges/${pactId}/leave`)).status).toBe(200);
    expect(await countFor(a)).toBe(base + 1);
    expect(await countFor(real)).toBe(base + 1);
  });

  it("counts a visitor's own sandbox Pacts in full for the visitor", async () => {
    const a = await tryDemo(t.app);
    const sandbox = await queryRows<{ id: number; n: number }>(
      t.database.db,
      sql`select p.id, (select count(*)::int from participations pa where pa.pact_id = p.id and pa.status = 'active') as n
        from pacts p where p.creator_id = ${a.user.id}
          or p.creator_id in (select friend_id from friendships where user_id = ${a.user.id})`,
    );
    expect(sandbox.length).toBeGreaterThan(0);
    for (const { id, n } of sandbox) {
      expect(n).toBeGreaterThan(1);
      const seen = (await call(t.app, a, 'GET', `/api/challenges/${id}`)).body as Challenge;
      expect(seen.participantCount).toBe(n);
    }
  });
});
