import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pactLikes, pacts, participations, proofs } from '../../db/schema';
import { activeCountSql } from './participations-repo';

/** Writes of Pacts. The service wraps them in one transaction where several go together. */

export type NewPact = typeof pacts.$inferInsert;
export type PactPatch = Partial<
  Pick<
    NewPact,
    | 'isHidden'
    | 'title'
    | 'description'
    | 'difficulty'
    | 'workoutTime'
    | 'scheduleDays'
    | 'tutorialVideoUrl'
    | 'tutorialMediaId'
    | 'exerciseType'
    | 'targetValue'
    | 'totalDays'
  >
>;

/** Inserts a Pact as given, with no participant (built-in and demo Pacts add theirs with insertMembers). */
export async function insertPact(db: Db, pact: NewPact): Promise<number> {
  const [row] = await db.insert(pacts).values(pact).returning({ id: pacts.id });
  return row!.id;
}

/** Inserts the Pact with its creator as first participant (participantCount 1). */
export async function insertPactWithCreator(db: Db, pact: NewPact, startDay: string): Promise<number> {
  const [row] = await db
    .insert(pacts)
    .values({ ...pact, participantCount: 1 })
    .returning({ id: pacts.id });
  await db.insert(participations).values({ userId: pact.creatorId, pactId: row!.id, startDay });
  return row!.id;
}

export async function updatePact(db: Db, pactId: number, patch: PactPatch) {
  await db
    .update(pacts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(pacts.id, pactId));
}

/** Media ids stored for a Pact: its uploaded tutorial and every proof video and thumbnail. */
export async function mediaIdsOfPact(db: Db, pactId: number): Promise<string[]> {
  const [pact] = await db
    .select({ tutorialMediaId: pacts.tutorialMediaId })
    .from(pacts)
    .where(eq(pacts.id, pactId));
  const proofMedia = await db
    .select({ video: proofs.videoMediaId, thumbnail: proofs.thumbnailMediaId })
    .from(proofs)
    .where(
      and(eq(proofs.pactId, pactId), or(isNotNull(proofs.videoMediaId), isNotNull(proofs.thumbnailMediaId))),
    );
  const ids = [pact?.tutorialMediaId, ...proofMedia.flatMap((p) => [p.video, p.thumbnail])];
  return [...new Set(ids.filter((id): id is string => !!id))];
}

/** Everyone who ever took part (left included: their proofs go with the Pact too). */
export async function memberIdsOfPact(db: Db, pactId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: participations.userId })
    .from(participations)
    .where(eq(participations.pactId, pactId));
  return rows.map((r) => r.userId);
}

/** Deletes the Pact; participations, likes, reports, chat and proofs go with it by cascade. */
export async function deletePact(db: Db, pactId: number) {
  await db.delete(pacts).where(eq(pacts.id, pactId));
}

/** Hides a Pact from everyone but its creator and participants (moderation). */
export async function hidePact(db: Db, pactId: number) {
  await db.update(pacts).set({ isHidden: true, updatedAt: new Date() }).where(eq(pacts.id, pactId));
}

/** Hides every Pact this user created that is not hidden yet (a ban); answers their ids. */
export async function hidePactsCreatedBy(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .update(pacts)
    .set({ isHidden: true, updatedAt: new Date() })
    .where(and(eq(pacts.creatorId, userId), eq(pacts.isHidden, false)))
    .returning({ id: pacts.id });
  return rows.map((r) => r.id);
}

/** Erasure: the Pacts this user created. */
export async function pactIdsCreatedBy(db: Db, userId: string): Promise<number[]> {
  const rows = await db.select({ id: pacts.id }).from(pacts).where(eq(pacts.creatorId, userId));
  return rows.map((r) => r.id);
}

/** Erasure: Pacts whose tutorial is one of these files (being deleted) lose the reference. */
export async function clearTutorialMedia(db: Db, mediaIds: readonly string[]) {
  if (mediaIds.length === 0) return;
  await db
    .update(pacts)
    .set({ tutorialMediaId: null, tutorialVideoUrl: null, thumbnailUrl: null })
    .where(inArray(pacts.tutorialMediaId, [...mediaIds]));
}

/** Erasure of the workouts type: the user's participations; answers the Pacts they left. */
export async function deleteParticipationsOf(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .delete(participations)
    .where(eq(participations.userId, userId))
    .returning({ pactId: participations.pactId });
  return rows.map((r) => r.pactId);
}

/** Erasure of the social type: the user's likes; answers the Pacts they liked. */
export async function deleteLikesOf(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .delete(pactLikes)
    .where(eq(pactLikes.userId, userId))
    .returning({ pactId: pactLikes.pactId });
  return rows.map((r) => r.pactId);
}

/** Sets these Pacts' stored counts from their rows again: active participations and likes (after an erasure). */
export async function recountPacts(db: Db, pactIds: readonly number[]) {
  if (pactIds.length === 0) return;
  await db
    .update(pacts)
    .set({
      participantCount: activeCountSql,
      likeCount: sql`(select count(*)::int from pact_likes l where l.pact_id = ${pacts.id})`,
    })
    .where(inArray(pacts.id, [...new Set(pactIds)]));
}
