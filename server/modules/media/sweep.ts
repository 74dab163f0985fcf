import type { AppContext } from '../../context';
import { removeMedia } from './remove';
import * as repo from './repo';

/** Unfinished uploads, and finished files nothing uses, are deleted this long after they were started. */
export const UNUSED_MEDIA_MS = 24 * 60 * 60 * 1000;
/** Kinds whose users the sweep knows (a new kind must add where it is attached in repo.listUnused first). */
const SWEPT_KINDS = ['tutorial', 'proof', 'thumbnail'] as const;

/**
 * Deletes, 24 hours after they were started: uploads never finished, files refused by the checks, and finished
 * files no proof or Pact uses (through removeMedia: rows with their retried byte deletion). Answers how many went.
 */
export async function sweepUnusedMedia(ctx: AppContext, now = new Date()): Promise<number> {
  const ids = await repo.listUnused(ctx.db, new Date(now.getTime() - UNUSED_MEDIA_MS), SWEPT_KINDS);
  await removeMedia(ctx, ids);
  return ids.length;
}
