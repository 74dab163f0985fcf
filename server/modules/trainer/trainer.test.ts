import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/api/chat';
import { AI_TRAINER_ID } from '../../../shared/api/users';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { send, sendOk } from '../chat/testing';
import { call, createPactVia } from '../pacts/testing';
import { postProof } from '../proofs/testing';
import { messageReply, nextTarget, proofReply } from './replies';

describe('trainer rules', () => {
  it('aims 10% above the latest approved value, at least one more, or at the target', () => {
    expect(nextTarget([], 20)).toBe(20);
    expect(nextTarget([30, 10], 20)).toBe(33);
    expect(nextTarget([5], 20)).toBe(6);
    expect(nextTarget([0], 20)).toBe(20);
  });
  it('varies its phrasing by seed and always names the next target', () => {
    const f = { name: 'Max', exercise: 'push-ups', next: 22, value: 20, approvedCount: 1 };
    const replies = new Set([0, 1, 2].map((s) => proofReply(f, s)));
    expect(replies.size).toBe(3);
    for (const r of replies) expect(r).toContain('22');
    for (const s of [0, 1, 2]) expect(messageReply(f, s)).toContain('22 push-ups');
  });
});

let t: TestApp;
let dataDir: string;
let max: SignedIn;
let trainerPact: { id: number; targetValue: number; exerciseType: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-trainer-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  max = await signUp(t.app, { firstName: 'Max' });
  const [row] = await queryRows<{ id: number; target_value: number; exercise_type: string }>(
    t.database.db,
    sql`select id, target_value, exercise_type from pacts where creator_id = ${AI_TRAINER_ID} order by id limit 1`,
  );
  trainerPact = { id: row!.id, targetValue: row!.target_value, exerciseType: row!.exercise_type };
  expect((await call(t.app, max, 'POST', `/api/challenges/${trainerPact.id}/join`)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const trainerMessages = async (pactId: number): Promise<ChatMessage[]> => {
  const res = await call(t.app, max, 'GET', `/api/challenges/${pactId}/messages`);
  return (res.body.items as ChatMessage[]).filter((m) => m.userId === AI_TRAINER_ID);
};

describe('the AI trainer in its Pacts', () => {
  it('answers a message with the target, then stays quiet for 10 minutes', async () => {
    await sendOk(t.app, max, trainerPact.id, 'Day one, here we go');
    const [reply] = await trainerMessages(trainerPact.id);
    expect(reply).toBeDefined();
    expect(reply!.message).toContain('Max');
    expect(reply!.message).toMatch(new RegExp(`${trainerPact.targetValue} ${trainerPact.exerciseType}`));
    await sendOk(t.app, max, trainerPact.id, 'still here');
    expect(await trainerMessages(trainerPact.id)).toHaveLength(1);
  });

  it('approves proofs in its Pacts at once and answers each with a higher next target', async () => {
    const proof = await postProof(t.app, max, trainerPact.id, { value: 40 });
    expect(proof.proof).toMatchObject({ status: 'approved', value: 40 });
    expect(proof.proof!.decidedBy?.id).toBe(AI_TRAINER_ID);
    const replies = await trainerMessages(trainerPact.id);
    expect(replies).toHaveLength(2);
    expect(replies[0]!.message).toContain('44');
    expect(replies[0]!.id).toBeGreaterThan(proof.id);
  });

  it('stays silent in Pacts it did not create', async () => {
    const own = await createPactVia(t.app, max, { title: 'Mine' });
    await sendOk(t.app, max, own.id, 'hello?');
    expect(await trainerMessages(own.id)).toHaveLength(0);
    expect((await send(t.app, max, own.id, 'x')).status).toBe(201);
  });
});
