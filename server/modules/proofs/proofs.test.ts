import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../../shared/domain/time';
import type { DomainEvents } from '../../platform/events';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { fakeJpeg, fakeWebm, uploadMediaVia } from '../media/testing';
import { call, createPactVia } from '../pacts/testing';
import { settleProgress } from '../progress/testing';
import { approveStaleProofs } from './service';
import { decide, postProof } from './testing';

let t: TestApp;
let dataDir: string;
let creator: SignedIn;
let member: SignedIn;
let third: SignedIn;
let pactId: number;
const changes: DomainEvents['proof.status_changed'][] = [];
const ALL_DAY = { workoutTime: null, scheduleDays: [...WEEKDAYS] };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-proofs-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  t.app.ctx.events.on('proof.status_changed', (e) => void changes.push(e));
  creator = await signUp(t.app, { firstName: 'Cora' });
  member = await signUp(t.app, { firstName: 'Max' });
  third = await signUp(t.app, { firstName: 'Tia' });
  pactId = await freshPact('Proof Pact');
});

/** An all-day, every-day Pact of the creator that member and third joined: today's first proof counts. */
async function freshPact(title: string) {
  const id = (await createPactVia(t.app, creator, { title, targetValue: 20, ...ALL_DAY })).id;
  for (const who of [member, third]) await call(t.app, who, 'POST', `/api/challenges/${id}/join`);
  return id;
}
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const participation = async (userId: string, pact: number) =>
  (
    await queryRows<{ completed_value: number; days_done: number }>(
      t.database.db,
      sql`select completed_value, days_done from participations where user_id = ${userId} and pact_id = ${pact}`,
    )
  )[0]!;

describe('posting a proof', () => {
  it('stores a pending workout_proof message with the target as default value and playable media', async () => {
    const msg = await postProof(t.app, member, pactId, { withThumbnail: true });
    expect(msg).toMatchObject({
      type: 'workout_proof',
      message: 'Workout proof submitted',
      proofStatus: 'pending',
    });
    expect(msg.proof).toMatchObject({ status: 'pending', value: 20, canDecide: false, decidedBy: null });
    expect(msg.videoUrl).toBe(msg.proof!.videoUrl);
    expect(msg.proof!.thumbnailUrl).toMatch(/^\/media\//);
    const videoId = msg.videoUrl!.split('/').pop();
    const thumbId = msg.proof!.thumbnailUrl!.split('/').pop();
    // Playback follows the Pact: members may, someone who may not see the Pact may not.
    expect((await call(t.app, creator, 'GET', `/api/media/${videoId}`)).status).toBe(200);
    expect((await call(t.app, third, 'GET', `/api/media/${thumbId}`)).status).toBe(200);
    const friendsOnly = await createPactVia(t.app, member, { title: 'Friends only', visibility: 'friends' });
    const hidden = await postProof(t.app, member, friendsOnly.id);
    expect((await call(t.app, third, 'GET', `/api/media/${hidden.videoUrl!.split('/').pop()}`)).status).toBe(
      404,
    );
    // The creator sees it with Approve/Reject.
    const page = await call(t.app, creator, 'GET', `/api/challenges/${pactId}/messages`);
    expect(page.body.items[0].proof).toMatchObject({ id: msg.proof!.id, canDecide: true });
  });

  it("refuses someone else's media, the wrong kind, a reused video and non-participants", async () => {
    const theirs = await uploadMediaVia(t.app, third, fakeWebm(3000), {
      kind: 'proof',
      filetype: 'video/webm',
    });
    const post = async (who: SignedIn, body: object, pact = pactId) => {
      const codeWord = await call(t.app, who, 'POST', `/api/challenges/${pact}/proof-challenge`);
      return call(t.app, who, 'POST', `/api/challenges/${pact}/proofs`, {
        codeWordId: codeWord.body.id ?? 1,
        ...body,
      });
    };
    expect((await post(member, { videoMediaId: theirs })).status).toBe(400);
    const thumb = await uploadMediaVia(t.app, member, fakeJpeg(), {
      kind: 'thumbnail',
      filetype: 'image/jpeg',
    });
    expect((await post(member, { videoMediaId: thumb })).status).toBe(400);
    expect((await post(member, { videoMediaId: 'no-such-media' })).status).toBe(400);
    // The code word is issued before the recording's upload (checked in trust.test.ts).
    const codeWord = await call(t.app, member, 'POST', `/api/challenges/${pactId}/proof-challenge`);
    const once = await uploadMediaVia(t.app, member, fakeWebm(3000), {
      kind: 'proof',
      filetype: 'video/webm',
    });
    const first = { codeWordId: codeWord.body.id, videoMediaId: once, value: 25 };
    expect((await call(t.app, member, 'POST', `/api/challenges/${pactId}/proofs`, first)).status).toBe(201);
    expect((await post(member, { videoMediaId: once })).status).toBe(409);
    const outsider = await signUp(t.app);
    const own = await uploadMediaVia(t.app, outsider, fakeWebm(3000), {
      kind: 'proof',
      filetype: 'video/webm',
    });
    expect((await post(outsider, { videoMediaId: own })).status).toBe(403);
    const priv = await createPactVia(t.app, creator, { title: 'Private', visibility: 'private' });
    expect((await post(outsider, { videoMediaId: own }, priv.id)).status).toBe(404);
  });
});

describe('approval rules', () => {
  it('lets the creator approve a member proof once, updating the participation', async () => {
    pactId = await freshPact('Approvals');
    changes.length = 0;
    const before = await participation(member.user.id, pactId);
    const msg = await postProof(t.app, member, pactId, { value: 30 });
    const proofId = msg.proof!.id;
    // A fellow member who is not the creator may not decide it; nor may the author.
    const byThird = await decide(t.app, third, pactId, proofId, 'approved');
    expect(byThird.status).toBe(403);
    expect(byThird.body.message).toBe("Only the Pact's creator can approve or reject this proof");
    const own = await decide(t.app, member, pactId, proofId, 'approved');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot approve or reject your own proof');
    const ok = await decide(t.app, creator, pactId, proofId, 'approved');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      proofStatus: 'approved',
      proof: { status: 'approved', canDecide: false },
    });
    expect(ok.body.proof.decidedBy.id).toBe(creator.user.id);
    const twice = await decide(t.app, creator, pactId, proofId, 'rejected');
    expect(twice.status).toBe(409);
    // The participation's figures follow from progress's recompute job, enqueued with the decision.
    await settleProgress(t.app.ctx);
    const after = await participation(member.user.id, pactId);
    expect(after.completed_value).toBe(before.completed_value + 30);
    expect(after.days_done).toBe(1);
    expect(changes).toEqual([
      expect.objectContaining({
        proofId,
        pactId,
        userId: member.user.id,
        from: 'pending',
        to: 'approved',
        value: 30,
      }),
    ]);
  });

  it("lets another active participant decide the creator's proof; a rejection adds nothing", async () => {
    const msg = await postProof(t.app, creator, pactId);
    expect(msg.proof!.status).toBe('pending');
    expect((await decide(t.app, creator, pactId, msg.proof!.id, 'approved')).status).toBe(403);
    const before = await participation(creator.user.id, pactId);
    const res = await decide(t.app, third, pactId, msg.proof!.id, 'rejected');
    expect(res.status).toBe(200);
    expect(res.body.proofStatus).toBe('rejected');
    expect(await participation(creator.user.id, pactId)).toEqual(before);
  });

  it('answers 404 for a proof of another Pact or one the caller cannot see', async () => {
    const other = await createPactVia(t.app, member, { title: 'Other' });
    await call(t.app, creator, 'POST', `/api/challenges/${other.id}/join`);
    const foreign = await postProof(t.app, creator, other.id);
    const res = await decide(t.app, creator, pactId, foreign.proof!.id, 'approved');
    expect(res.status).toBe(404);
    expect((await decide(t.app, creator, pactId, 987_654, 'approved')).status).toBe(404);
    const priv = await createPactVia(t.app, creator, { title: 'Mine alone', visibility: 'private' });
    expect((await decide(t.app, member, priv.id, foreign.proof!.id, 'approved')).status).toBe(404);
  });

  it('approves at once a proof nobody else could approve (a Pact of one)', async () => {
    changes.length = 0;
    const solo = await createPactVia(t.app, third, {
      title: 'Solo',
      visibility: 'private',
      targetValue: 12,
      ...ALL_DAY,
    });
    const msg = await postProof(t.app, third, solo.id);
    expect(msg.proof).toMatchObject({ status: 'approved', value: 12, decidedBy: null });
    await settleProgress(t.app.ctx);
    expect(await participation(third.user.id, solo.id)).toEqual({ completed_value: 12, days_done: 1 });
    expect(changes).toHaveLength(1);
  });

  it('approves proofs pending for 24 hours exactly once, even with two concurrent runs', async () => {
    pactId = await freshPact('Stale');
    const msg = await postProof(t.app, member, pactId, { value: 7 });
    const fresh = await postProof(t.app, third, pactId, { value: 5 });
    await t.database.db.execute(
      sql`update proofs set created_at = now() - interval '25 hours' where id = ${msg.proof!.id}`,
    );
    const before = await participation(member.user.id, pactId);
    changes.length = 0;
    const [a, b] = await Promise.all([approveStaleProofs(t.app.ctx), approveStaleProofs(t.app.ctx)]);
    expect(a + b).toBe(1);
    expect(changes.filter((c) => c.proofId === msg.proof!.id)).toHaveLength(1);
    await settleProgress(t.app.ctx);
    expect((await participation(member.user.id, pactId)).completed_value).toBe(before.completed_value + 7);
    const rows = await queryRows<{ id: number; status: string }>(
      t.database.db,
      sql`select id, status from proofs where id in (${msg.proof!.id}, ${fresh.proof!.id}) order by id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['approved', 'pending']);
    expect(await approveStaleProofs(t.app.ctx)).toBe(0);
  });
});
