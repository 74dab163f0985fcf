import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_TRAINER_ID } from '../../../shared/api/users';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { fakeDevice, type PushStub, startPushStub } from '../../test/push-stub';
import { call, createPactVia } from '../pacts/testing';
import { postProof } from '../proofs/testing';
import { reviewPushJob } from './proof-review';
import * as pushRepo from './push-repo';

/**
 * "A proof waits for your review": the Pact's creator hears of a member's pending proof (in the app and by Web
 * Push, opening the chat at the proof); the creator's own proof goes to the other active members; nobody hears of
 * their own proof, nor of the AI trainer's instantly approved ones.
 */
let t: TestApp;
let stub: PushStub;
let coach: SignedIn;
let ana: SignedIn;
let ben: SignedIn;
let pactId: number;

type Note = {
  type: string;
  actor: { id: string } | null;
  pact: { id: number } | null;
  data: Record<string, unknown>;
};
const notesOf = async (who: SignedIn, type = 'proof_pending') =>
  ((await call(t.app, who, 'GET', '/api/notifications')).body.items as Note[]).filter((n) => n.type === type);

beforeAll(async () => {
  t = await createTestApp();
  stub = await startPushStub();
  [coach, ana, ben] = await Promise.all([
    signUp(t.app, { firstName: 'Coach' }),
    signUp(t.app, { firstName: 'Ana' }),
    signUp(t.app, { firstName: 'Ben' }),
  ]);
  pactId = (await createPactVia(t.app, coach, { title: 'Plank Month', workoutTime: undefined })).id;
  for (const who of [ana, ben])
    expect((await call(t.app, who, 'POST', `/api/challenges/${pactId}/join`)).status).toBe(200);
});
afterAll(async () => {
  await stub?.close();
  await t?.close();
});

describe('proof review notifications', () => {
  it("tells the creator of a member's pending proof, in the app and by push to the chat at the proof", async () => {
    const phone = fakeDevice(stub.url, 'coach-phone');
    await pushRepo.upsert(t.database.db, coach.user.id, phone, 10, new Date());
    const proof = await postProof(t.app, ana, pactId);
    const [note] = await notesOf(coach);
    expect(note).toMatchObject({ actor: { id: ana.user.id }, pact: { id: pactId } });
    expect(note!.data).toMatchObject({ messageId: proof.id, proofId: proof.proof!.id });
    // Nobody else is told: not the author, not the other member (only the creator decides a member's proof).
    expect(await notesOf(ana)).toEqual([]);
    expect(await notesOf(ben)).toEqual([]);

    await runDueJobs(t.app.ctx, { names: [reviewPushJob.name] });
    const push = stub.received.find((p) => p.device === 'coach-phone');
    expect(push).toBeDefined();
    expect(JSON.parse(phone.decrypt(push!.body))).toEqual({
      title: 'Proof to review',
      body: `Ana posted proof in Plank Month: review it`,
      url: `/chat/${pactId}#message-${proof.id}`,
      tag: `proof-review-${proof.proof!.id}`,
    });
  });

  it("tells the other active members of the creator's own proof, never the creator", async () => {
    const before = (await notesOf(coach)).length;
    const proof = await postProof(t.app, coach, pactId);
    for (const who of [ana, ben]) {
      const notes = await notesOf(who);
      expect(notes.map((n) => n.data.messageId)).toContain(proof.id);
    }
    expect((await notesOf(coach)).length).toBe(before);
  });

  it("tells nobody of a proof the AI trainer approves at once, nor of a lone creator's own proof", async () => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from pacts where creator_id = ${AI_TRAINER_ID} order by id limit 1`,
    );
    expect((await call(t.app, ben, 'POST', `/api/challenges/${row!.id}/join`)).status).toBe(200);
    const before = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notifications where type = 'proof_pending'`,
    );
    const trainerProof = await postProof(t.app, ben, row!.id);
    expect(trainerProof.proof?.status).toBe('approved');
    const solo = await signUp(t.app);
    const own = await createPactVia(t.app, solo, { title: 'Alone', workoutTime: undefined });
    expect((await postProof(t.app, solo, own.id)).proof?.status).toBe('approved');
    const after = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notifications where type = 'proof_pending'`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('pushes nothing once the notification was read', async () => {
    stub.received.length = 0;
    await postProof(t.app, ben, pactId);
    expect((await call(t.app, coach, 'POST', '/api/notifications/read', { all: true })).status).toBe(200);
    await runDueJobs(t.app.ctx, { names: [reviewPushJob.name] });
    expect(stub.received).toEqual([]);
  });

  it('pushes nothing to someone who turned Workout Notifications off; the in-app notice still comes', async () => {
    stub.received.length = 0;
    expect(
      (await call(t.app, coach, 'PATCH', '/api/user/settings', { workoutNotifications: false })).status,
    ).toBe(200);
    const proof = await postProof(t.app, ana, pactId);
    await runDueJobs(t.app.ctx, { names: [reviewPushJob.name] });
    expect(stub.received).toEqual([]);
    expect((await notesOf(coach)).map((n) => n.data.messageId)).toContain(proof.id);
    await call(t.app, coach, 'PATCH', '/api/user/settings', { workoutNotifications: true });
  });
});
