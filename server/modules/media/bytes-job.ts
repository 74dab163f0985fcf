import type { Db } from '../../db/client';
import { defineJob } from '../../platform/jobs';
import { isStorageKey } from '../../platform/storage';
import { mediaEnvFor } from './env';

/**
 * Deletes the bytes of media rows that are already gone, key by key; a failure is retried by the job queue
 * (never forgotten), and deleting what is already missing is fine, so a retry is harmless.
 */
export const deleteMediaBytesJob = defineJob<{ keys: string[] }>({
  name: 'media.delete-bytes',
  maxAttempts: 20,
  parse: (raw) => ({ keys: ((raw as { keys?: unknown }).keys as string[]).filter(isStorageKey) }),
  handler: async (ctx, { keys }) => {
    const env = mediaEnvFor(ctx);
    for (const key of keys) await env.removeBytes(key);
  },
});

/** Queues the deletion of these keys' bytes, in the caller's transaction (the one deleting their rows). */
export async function deleteMediaBytesLater(tx: Db, keys: readonly string[]) {
  for (let i = 0; i < keys.length; i += 200) {
    await deleteMediaBytesJob.enqueue(tx, { keys: keys.slice(i, i + 200) });
  }
}
