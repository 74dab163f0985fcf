import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { proofChallenges, proofs } from '../../db/schema';

/** Code words (proof_challenges) and the counted-day lookups of proofs. SQL of the proofs module. */

export type ChallengeRow = typeof proofChallenges.$inferSelect;

/** Issues a code word; the caller's code words that expired unused a day ago go in the same statement. */
export async function insertChallenge(
  db: Db,
  row: { userId: string; pactId: number; code: string; countsFor: string | null; expiresAt: Date },
): Promise<ChallengeRow> {
  await db
    .delete(proofChallenges)
    .where(
      and(
        eq(proofChallenges.userId, row.userId),
        isNull(proofChallenges.usedAt),
        lt(proofChallenges.expiresAt, new Date(row.expiresAt.getTime() - 24 * 3600_000)),
      ),
    );
  const [inserted] = await db.insert(proofChallenges).values(row).returning();
  return inserted!;
}

export async function findChallenge(db: Db, id: number): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(proofChallenges).where(eq(proofChallenges.id, id));
  return row;
}

/** Marks a code word used; false when another proof used it first (of two racing proofs exactly one gets it). */
export async function spendChallenge(tx: Db, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(proofChallenges)
    .set({ usedAt: at })
    .where(and(eq(proofChallenges.id, id), isNull(proofChallenges.usedAt)))
    .returning({ id: proofChallenges.id });
  return rows.length === 1;
}

/** Whether the person already has a proof counting for that day in that Pact (pending or approved). */
export async function dayCounted(db: Db, userId: string, pactId: number, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proofs.id })
    .from(proofs)
    .where(
      and(
        eq(proofs.userId, userId),
        eq(proofs.pactId, pactId),
        eq(proofs.recordedDay, day),
        eq(proofs.counts, true),
        ne(proofs.status, 'rejected'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Erasure of the workouts type: the person's code words go with their proofs. */
export async function deleteChallengesOf(db: Db, userId: string) {
  await db.delete(proofChallenges).where(eq(proofChallenges.userId, userId));
}
