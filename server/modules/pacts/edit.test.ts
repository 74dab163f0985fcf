import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, media, pactLikes, pacts, participations, proofs, users } from '../../db/schema';
import { storageFor } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { LOCKED_TERMS_MESSAGE } from './edit-service';
import { call, createPactVia } from './testing';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-pacts-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  [alice, bob] = await Promise.all([signUp(t.app), signUp(t.app)]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let n = 0;
/** A stored file with its media row, as the upload module leaves it. */
async function storedMedia(
  owner: SignedIn,
  kind: 'tutorial' | 'proof' | 'thumbnail',
  status: 'ready' | 'uploading' = 'ready',
) {
  n += 1;
  const id = `${String(n).padStart(4, '0')}${'ab'.repeat(14)}`;
  await t.database.db
    .insert(media)
    .values({ id, ownerId: owner.user.id, kind, contentType: 'video/webm', status, sizeBytes: 4 });
  await storageFor(t.app.ctx).put(id, Buffer.from('webm'));
  return id;
}

describe('PATCH /api/challenges/:id', () => {
  it('edits title, description, difficulty, time, days and tutorial', async () => {
    const pact = await createPactVia(t.app, alice);
    const res = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, {
      title: '  New title ',
      description: 'Harder now',
      difficulty: 'hard',
      workoutTime: null,
      scheduleDays: ['sunday'],
      tutorialVideoUrl: '/samples/squats.mp4',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'New title',
      description: 'Harder now',
      difficulty: 'hard',
      workoutTime: null,
      scheduleDays: ['sunday'],
      tutorialVideoUrl: '/samples/squats.mp4',
    });
  });

  it('tells the chat room to re-check access after an edit (hiding takes it from non-participants)', async () => {
    const pact = await createPactVia(t.app, alice);
    const updated: number[] = [];
    const off = t.app.ctx.events.on('pact.updated', ({ pactId }) => {
      updated.push(pactId);
    });
    await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, { isHidden: true });
    await call(t.app, bob, 'PATCH', `/api/challenges/${pact.id}`, { isHidden: false });
    off();
    expect(updated).toEqual([pact.id]);
  });

  it('refuses an empty patch, unknown fields and invalid values with 400', async () => {
    const pact = await createPactVia(t.app, alice);
    for (const body of [
      {},
      { creatorId: bob.user.id },
      { title: ' ' },
      { scheduleDays: [] },
      { totalDays: 0 },
    ]) {
      expect((await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, body)).status).toBe(400);
    }
  });

  it('changes exercise, target and duration until someone else joins, then 409', async () => {
    const pact = await createPactVia(t.app, alice);
    const alone = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, {
      exerciseType: 'squats',
      targetValue: 40,
      totalDays: 14,
    });
    expect(alone.body).toMatchObject({
      exerciseType: 'squats',
      targetValue: 40,
      totalDays: 14,
      duration: 14,
    });
    await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/join`);
    for (const body of [{ exerciseType: 'lunges' }, { targetValue: 41 }, { totalDays: 15 }]) {
      const res = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, body);
      expect(res).toEqual({ status: 409, body: { error: 'conflict', message: LOCKED_TERMS_MESSAGE } });
    }
    // Sending the unchanged values along with other edits is fine.
    const same = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, {
      targetValue: 40,
      title: 'Same',
    });
    expect(same.status).toBe(200);
  });

  it('keeps the terms fixed after the member who fixed them leaves, and says so to the creator', async () => {
    const pact = await createPactVia(t.app, alice);
    expect(pact.termsLocked).toBe(false);
    await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/join`);
    expect((await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/leave`)).status).toBe(200);
    const seen = await call(t.app, alice, 'GET', `/api/challenges/${pact.id}`);
    expect(seen.body).toMatchObject({ participantCount: 1, termsLocked: true });
    const res = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, { targetValue: 41 });
    expect(res.status).toBe(409);
  });

  it("a demo visitor joining a real person's Pact fixes neither its terms nor its count", async () => {
    const pact = await createPactVia(t.app, alice);
    const visitor = await signUp(t.app, { firstName: 'Visitor' });
    await t.database.db.update(users).set({ isDemo: true }).where(eq(users.id, visitor.user.id));
    expect((await call(t.app, visitor, 'POST', `/api/challenges/${pact.id}/join`)).status).toBe(200);
    const edited = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, { targetValue: 33 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ targetValue: 33, participantCount: 1, termsLocked: false });
    // A real person's join still fixes them.
    await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/join`);
    const refused = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, { targetValue: 34 });
    expect(refused.status).toBe(409);
  });

  it('replacing an uploaded tutorial deletes the old file; another user cannot attach it', async () => {
    const first = await storedMedia(alice, 'tutorial');
    const second = await storedMedia(alice, 'tutorial');
    const pact = await createPactVia(t.app, alice, { tutorialMediaId: first });
    expect(pact.tutorialVideoUrl).toBe(`/media/${first}`);
    const stolen = await call(t.app, bob, 'POST', '/api/challenges', {
      exerciseType: 'squats',
      targetValue: 1,
      title: 'Theft',
      visibility: 'public',
      totalDays: 3,
      scheduleDays: ['monday'],
      tutorialVideoUrl: `/media/${first}`,
    });
    expect(stolen.status).toBe(400);
    const unfinished = await storedMedia(alice, 'tutorial', 'uploading');
    const proofVideo = await storedMedia(alice, 'proof');
    for (const tutorialMediaId of [unfinished, proofVideo]) {
      const res = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, { tutorialMediaId });
      expect(res.status).toBe(400);
    }
    const res = await call(t.app, alice, 'PATCH', `/api/challenges/${pact.id}`, { tutorialMediaId: second });
    expect(res.body.tutorialVideoUrl).toBe(`/media/${second}`);
    expect(await storageFor(t.app.ctx).exists(first)).toBe(false);
    expect(await t.database.db.select().from(media).where(eq(media.id, first))).toEqual([]);
    expect(await storageFor(t.app.ctx).exists(second)).toBe(true);
  });
});

describe('DELETE /api/challenges/:id', () => {
  it('removes the Pact with participations, likes, messages, proofs and stored files', async () => {
    const tutorial = await storedMedia(alice, 'tutorial');
    const video = await storedMedia(bob, 'proof');
    const thumb = await storedMedia(bob, 'thumbnail');
    const keep = await storedMedia(bob, 'proof');
    const pact = await createPactVia(t.app, alice, { tutorialMediaId: tutorial });
    await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/join`);
    await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/like`);
    const [message] = await t.database.db
      .insert(chatMessages)
      .values({
        pactId: pact.id,
        userId: bob.user.id,
        type: 'workout_proof',
        body: 'Workout proof submitted',
      })
      .returning();
    await t.database.db.insert(proofs).values({
      messageId: message!.id,
      pactId: pact.id,
      userId: bob.user.id,
      videoMediaId: video,
      thumbnailMediaId: thumb,
      value: 20,
      recordedDay: '2026-01-05',
    });

    const res = await call(t.app, alice, 'DELETE', `/api/challenges/${pact.id}`);
    expect(res).toEqual({ status: 200, body: { ok: true } });
    const { db } = t.database;
    expect(await db.select().from(pacts).where(eq(pacts.id, pact.id))).toEqual([]);
    expect(await db.select().from(participations).where(eq(participations.pactId, pact.id))).toEqual([]);
    expect(await db.select().from(pactLikes).where(eq(pactLikes.pactId, pact.id))).toEqual([]);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.pactId, pact.id))).toEqual([]);
    expect(await db.select().from(proofs).where(eq(proofs.pactId, pact.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(media)
        .where(inArray(media.id, [tutorial, video, thumb])),
    ).toEqual([]);
    for (const id of [tutorial, video, thumb]) expect(await storageFor(t.app.ctx).exists(id)).toBe(false);
    expect(await storageFor(t.app.ctx).exists(keep)).toBe(true);
    expect((await call(t.app, alice, 'GET', `/api/challenges/${pact.id}`)).status).toBe(404);
    expect((await call(t.app, alice, 'DELETE', `/api/challenges/${pact.id}`)).status).toBe(404);
  });

  it('a participant who is not the creator gets 404 and nothing is removed', async () => {
    const pact = await createPactVia(t.app, alice);
    await call(t.app, bob, 'POST', `/api/challenges/${pact.id}/join`);
    expect((await call(t.app, bob, 'DELETE', `/api/challenges/${pact.id}`)).status).toBe(404);
    expect((await call(t.app, bob, 'PATCH', `/api/challenges/${pact.id}`, { isHidden: true })).status).toBe(
      404,
    );
    const [row] = await t.database.db.select().from(pacts).where(eq(pacts.id, pact.id));
    expect(row).toMatchObject({ isHidden: false, participantCount: 2 });
  });
});
