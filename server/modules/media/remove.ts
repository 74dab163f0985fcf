import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { deleteMediaBytesLater } from './bytes-job';
import * as repo from './repo';
import { mediaEnvFor } from './tus';

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
