import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../platform/errors';
import { deleteMediaBytesLater } from './bytes-job';
import { mediaEnvFor } from './env';
import * as repo from './repo';

/**
 * THE way media goes away (a deleted Pact's files, a replaced tutorial, a cancelled or unused upload, an expired
 * demo sandbox, an erasure): the rows go in one transaction with a queued job that deletes their bytes (retried
 * until it succeeds, never forgotten), then the bytes are deleted at once as well, best effort, so they rarely
 * outlive their rows by more than a moment. Deleting bytes that are already gone is harmless.
 */
export async function removeMedia(ctx: AppContext, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await ctx.db.transaction((tx) => removeMediaRows(tx, unique));
  await deleteMediaBytesNow(ctx, unique);
}

/**
 * A person's DELETE of their own upload (tus termination): an unfinished upload or a finished file nothing uses
 * goes through the one removal path; a file a proof or a Pact uses is refused with 409, so a posted proof cannot
 * lose its video and a Pact its tutorial. The row is locked while it is checked, so a proof attaching it at the
 * same moment waits (its foreign key) and then finds it gone, or this finds it attached.
 */
export async function abandonUpload(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const attached = await repo.lockAndCheckAttached(tx, id);
    if (attached === null) throw notFound('Upload not found');
    if (attached) throw conflict('This video is in use: it is removed with the proof or Pact that uses it');
    await removeMediaRows(tx, [id]);
  });
  await deleteMediaBytesNow(ctx, [id]);
}

/**
 * The rows half of `removeMedia`, inside the caller's transaction (an erasure deleting many kinds of rows at
 * once); the caller runs `deleteMediaBytesNow` after it commits, and the queued job covers any failure.
 */
export async function removeMediaRows(tx: Db, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  await repo.deleteMediaRows(tx, unique);
  await deleteMediaBytesLater(tx, unique);
}

/** Best-effort deletion of these files' bytes now; what fails stays with the queued job. */
export async function deleteMediaBytesNow(ctx: AppContext, ids: readonly string[]): Promise<void> {
  const env = mediaEnvFor(ctx);
  for (const id of ids) {
    await env.removeBytes(id).catch(() => {});
  }
}
