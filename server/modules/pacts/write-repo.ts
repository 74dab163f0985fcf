import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, pacts, participations, proofs, teams, users } from '../../db/schema';

/** Writes of Pacts and the teams of Pro Pacts. The service wraps them in one transaction. */

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

export async function insertTeam(
  db: Db,
  team: { name: string; description: string; coachId: string; subscriptionPrice: number },
): Promise<number> {
  const [row] = await db.insert(teams).values(team).returning({ id: teams.id });
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

export async function markProUser(db: Db, userId: string) {
  await db.update(users).set({ isProUser: true, updatedAt: new Date() }).where(eq(users.id, userId));
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

/** A media row of this owner (the service accepts only finished tutorial uploads). */
export async function findOwnedMedia(db: Db, ownerId: string, mediaId: string) {
  const [row] = await db
    .select({ id: media.id, kind: media.kind, status: media.status, contentType: media.contentType })
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.ownerId, ownerId)));
  return row;
}

/** Other Pacts still pointing at these media ids (a tutorial may be reused), so their files are kept. */
export async function mediaStillUsed(db: Db, mediaIds: string[]): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const rows = await db
    .select({ id: pacts.tutorialMediaId })
    .from(pacts)
    .where(inArray(pacts.tutorialMediaId, mediaIds));
  return new Set(rows.map((r) => r.id).filter((id): id is string => !!id));
}

export async function deleteMediaRows(db: Db, mediaIds: string[]) {
  if (mediaIds.length === 0) return;
  await db.delete(media).where(inArray(media.id, mediaIds));
}
