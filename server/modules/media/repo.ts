import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, pacts, proofs } from '../../db/schema';
import { attachedVisibleSql } from './policy';

/** Media rows. The only SQL of the media module. */

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
  patch: { contentType: string; sizeBytes: number; durationSeconds: number | null; sha256: string | null },
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

export async function deleteMediaRows(db: Db, ids: readonly string[]) {
  if (ids.length > 0) await db.delete(media).where(inArray(media.id, [...ids]));
}

/** Used by a proof (video or thumbnail) or a Pact (tutorial): every column that points at a media row. */
const unattached = sql`not exists (select 1 from ${proofs} where ${proofs.videoMediaId} = ${media.id} or ${proofs.thumbnailMediaId} = ${media.id})
  and not exists (select 1 from ${pacts} where ${pacts.tutorialMediaId} = ${media.id})
  and not exists (select 1 from teams where teams.image_url = '/media/' || ${media.id})
  and not exists (select 1 from users where users.profile_image_url = '/media/' || ${media.id})`;

/** Locks one media row for the caller's transaction and says whether a proof or a Pact uses it (null: no row). */
export async function lockAndCheckAttached(db: Db, id: string): Promise<boolean | null> {
  const rows = await db
    .select({ attached: sql<boolean>`not (${unattached})` })
    .from(media)
    .where(eq(media.id, id))
    .for('update');
  return rows[0]?.attached ?? null;
}

/**
 * Ids of files started before `before` that nothing needs: uploads never finished, files refused by the checks,
 * and finished files of `kinds` that no proof or Pact uses.
 */
export async function listUnused(
  db: Db,
  before: Date,
  kinds: readonly MediaRow['kind'][],
  limit = 1000,
): Promise<string[]> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        lt(media.createdAt, before),
        or(
          inArray(media.status, ['uploading', 'rejected']),
          and(eq(media.status, 'ready'), inArray(media.kind, [...kinds]), unattached),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A user's unfinished uploads and the bytes they keep (finished, plus started ones at their declared size). */
export async function uploadUsage(db: Db, ownerId: string): Promise<{ unfinished: number; bytes: number }> {
  const [row] = await db
    .select({
      unfinished: sql<number>`count(*) filter (where ${media.status} = 'uploading')`.mapWith(Number),
      bytes: sql<number>`coalesce(sum(${media.sizeBytes}), 0)`.mapWith(Number),
    })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), inArray(media.status, ['uploading', 'ready'])));
  return { unfinished: row?.unfinished ?? 0, bytes: row?.bytes ?? 0 };
}

/** Serialises upload creation per user (a transaction-scoped advisory lock; both databases have it). */
export async function lockUploader(db: Db, ownerId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`media-quota:${ownerId}`}))`);
}

/** Whether what this file is attached to is visible to `me` (media/policy.ts, `attachedVisible`). */
export async function attachedVisible(db: Db, me: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ visible: sql<boolean>`${attachedVisibleSql(me)}`.mapWith(Boolean) })
    .from(media)
    .where(eq(media.id, id));
  return row?.visible === true;
}

export type StoredFile = Pick<MediaRow, 'id' | 'kind' | 'contentType' | 'sizeBytes'> & { ownerId: string };

/** Files already stored elsewhere (demo samples), recorded as ready. */
export async function insertReady(db: Db, rows: StoredFile[]) {
  if (rows.length > 0) await db.insert(media).values(rows.map((r) => ({ ...r, status: 'ready' as const })));
}

/** Ids of every file these users own. */
export async function idsOwnedBy(db: Db, ownerIds: string[], kind?: MediaRow['kind']): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(inArray(media.ownerId, ownerIds), kind ? eq(media.kind, kind) : undefined));
  return rows.map((r) => r.id);
}

/** The user's finished files, oldest first (for "Download my data"). */
export async function readyFilesOf(db: Db, ownerId: string) {
  return db
    .select({ id: media.id, kind: media.kind, contentType: media.contentType, createdAt: media.createdAt })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.status, 'ready')))
    .orderBy(asc(media.createdAt), asc(media.id));
}
