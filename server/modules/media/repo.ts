import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, pacts } from '../../db/schema';
import { visibleTo } from '../pacts/repo';

export type MediaRow = typeof media.$inferSelect;

export async function insertUpload(
  db: Db,
  row: { id: string; ownerId: string; kind: MediaRow['kind']; contentType: string; sizeBytes: number },
) {
  await db.insert(media).values({ ...row, status: 'uploading' });
}

export async function findMedia(db: Db, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row ?? null;
}

/** Flips an upload to ready only while it is still uploading, so a late duplicate cannot revive a rejected one. */
export async function markReady(
  db: Db,
  id: string,
  patch: { contentType: string; sizeBytes: number; durationSeconds: number | null },
): Promise<boolean> {
  const rows = await db
    .update(media)
    .set({ ...patch, status: 'ready' })
    .where(and(eq(media.id, id), eq(media.status, 'uploading')))
    .returning({ id: media.id });
  return rows.length > 0;
}

export async function markRejected(db: Db, id: string) {
  await db.update(media).set({ status: 'rejected' }).where(eq(media.id, id));
}

export async function deleteMedia(db: Db, id: string) {
  await db.delete(media).where(eq(media.id, id));
}

/** Uploads started before `before` and never finished. */
export async function listStaleUploads(db: Db, before: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.status, 'uploading'), lt(media.createdAt, before)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether a Pact the viewer may see uses this media as its tutorial (the pacts visibility rule). */
export async function isTutorialOfVisiblePact(db: Db, viewerId: string, mediaId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pacts.id })
    .from(pacts)
    .where(and(eq(pacts.tutorialMediaId, mediaId), visibleTo(viewerId)))
    .limit(1);
  return Boolean(row);
}
