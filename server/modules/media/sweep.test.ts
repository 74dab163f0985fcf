import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { media } from '../../db/schema';
import { runDueJobs } from '../../platform/jobs';
import { storageFor } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { createPactVia } from '../pacts/testing';
import { postProof } from '../proofs/testing';
import { mediaEnvFor } from './env';
import { sweepUnusedMedia, UNUSED_MEDIA_MS } from './sweep';
import { fakeJpeg, fakeMp4, fakeWebm, tusHeaders, uploadMediaVia } from './testing';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
});
afterAll(() => t?.close());

async function startUpload(sent: number) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(alice, { 'upload-length': '4000' }, { kind: 'proof', filetype: 'video/webm' }),
  });
  const location = String(created.headers.location);
  await t.app.inject({
    method: 'PATCH',
    url: location,
    headers: tusHeaders(alice, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
    payload: fakeWebm(4000).subarray(0, sent),
  });
  return location.split('/').pop()!;
}

const ids = async () => (await t.database.db.select({ id: media.id }).from(media)).map((r) => r.id).sort();

describe('sweepUnusedMedia (the hourly media-sweep job)', () => {
  it('deletes after 24 hours unfinished uploads and finished files nothing uses, rows then bytes', async () => {
    const storage = storageFor(t.app.ctx);
    const staleUnfinished = await startUpload(1500);
    const freshUnfinished = await startUpload(1000);
    const unused = await uploadMediaVia(t.app, alice, fakeMp4(2000), {
      kind: 'proof',
      filetype: 'video/mp4',
    });
    const freshUnused = await uploadMediaVia(t.app, alice, fakeJpeg(), {
      kind: 'thumbnail',
      filetype: 'image/jpeg',
    });
    const tutorial = await uploadMediaVia(t.app, alice, fakeMp4(2000), {
      kind: 'tutorial',
      filetype: 'video/mp4',
    });
    await createPactVia(t.app, alice, { tutorialMediaId: tutorial });
    const pact = await createPactVia(t.app, alice, {});
    const proof = await postProof(t.app, alice, pact.id, { withThumbnail: true });
    const proofMedia = (
      await t.database.db
        .select({ id: media.id })
        .from(media)
        .where(inArray(media.kind, ['proof', 'thumbnail']))
    )
      .map((r) => r.id)
      .filter((id) => ![staleUnfinished, freshUnfinished, unused, freshUnused].includes(id));
    expect(proofMedia).toHaveLength(2);
    expect(proof.id).toBeGreaterThan(0);

    const old = new Date(Date.now() - UNUSED_MEDIA_MS - 60_000);
    const aged = [staleUnfinished, unused, tutorial, ...proofMedia];
    await t.database.db.update(media).set({ createdAt: old }).where(inArray(media.id, aged));
    const before = await ids();

    expect(await sweepUnusedMedia(t.app.ctx)).toBe(2);
    expect(await ids()).toEqual(before.filter((id) => id !== staleUnfinished && id !== unused));
    // The rows went with a queued job for their bytes; the bytes went at once too, so the job finds nothing
    // left (a job after a failed deletion is the next test's case).
    for (const gone of [staleUnfinished, unused]) expect(await storage.exists(gone)).toBe(false);
    expect(await runDueJobs(t.app.ctx, { names: ['media.delete-bytes'] })).toMatchObject({ done: 1 });
    expect(fs.existsSync(path.join(t.config.dataDir, 'media', `${staleUnfinished}.json`))).toBe(false);
    for (const kept of [freshUnfinished, tutorial, ...proofMedia])
      expect(await storage.exists(kept)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'HEAD',
          url: `/api/uploads/${staleUnfinished}`,
          headers: tusHeaders(alice),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('retries a byte deletion that failed: the queued job deletes the file later', async () => {
    const storage = storageFor(t.app.ctx);
    const unused = await uploadMediaVia(t.app, alice, fakeMp4(2000), {
      kind: 'proof',
      filetype: 'video/mp4',
    });
    await t.database.db
      .update(media)
      .set({ createdAt: new Date(Date.now() - UNUSED_MEDIA_MS - 1000) })
      .where(eq(media.id, unused));
    const failing = [
      vi.spyOn(storage, 'delete').mockRejectedValue(new Error('storage is away')),
      vi.spyOn(mediaEnvFor(t.app.ctx).datastore, 'remove').mockRejectedValue(new Error('storage is away')),
    ];
    expect(await sweepUnusedMedia(t.app.ctx)).toBe(1);
    expect((await ids()).includes(unused)).toBe(false);
    expect(await storage.exists(unused)).toBe(true);
    for (const spy of failing) spy.mockRestore();
    expect(await runDueJobs(t.app.ctx, { names: ['media.delete-bytes'] })).toMatchObject({ done: 1 });
    expect(await storage.exists(unused)).toBe(false);
  });

  it('also removes refused files and the tutorial of a Pact that no longer uses it', async () => {
    const tutorial = await uploadMediaVia(t.app, alice, fakeMp4(2000), {
      kind: 'tutorial',
      filetype: 'video/mp4',
    });
    const pact = await createPactVia(t.app, alice, { tutorialMediaId: tutorial });
    const old = new Date(Date.now() - UNUSED_MEDIA_MS - 1000);
    await t.database.db.update(media).set({ createdAt: old }).where(eq(media.id, tutorial));
    expect(await sweepUnusedMedia(t.app.ctx)).toBe(0);
    // What a Pact deletion or a tutorial change leaves: nothing points at the file any more.
    await t.database.db.execute(sql`update pacts set tutorial_media_id = null where id = ${pact.id}`);
    await t.database.db.update(media).set({ status: 'rejected' }).where(eq(media.id, tutorial));
    expect(await sweepUnusedMedia(t.app.ctx)).toBe(1);
    expect((await ids()).includes(tutorial)).toBe(false);
  });
});
