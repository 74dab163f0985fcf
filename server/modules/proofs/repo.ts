import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { ProofStatus } from '../../../shared/api/proofs';
import type { Db } from '../../db/client';
import { proofs } from '../../db/schema';
import type { Decision } from './events';

/** Proof rows. The only SQL of the proofs module. */

export type ProofRow = typeof proofs.$inferSelect;
export type { Decision } from './events';

export async function insertProof(
  tx: Db,
  row: {
    messageId: number;
    pactId: number;
    userId: string;
    videoMediaId: string;
    thumbnailMediaId: string | null;
    value: number;
    recordedDay: string;
    status: ProofStatus;
    decidedById: string | null;
    decidedAt: Date | null;
    sample?: boolean;
    createdAt?: Date;
    counts?: boolean;
    challengeId?: number | null;
    codeWord?: string | null;
    videoSha256?: string | null;
  },
): Promise<ProofRow> {
  const [inserted] = await tx.insert(proofs).values(row).returning();
  return inserted!;
}

export async function findProof(db: Db, proofId: number): Promise<ProofRow | undefined> {
  const [row] = await db.select().from(proofs).where(eq(proofs.id, proofId));
  return row;
}

export async function findByMessage(db: Db, messageId: number): Promise<ProofRow | undefined> {
  const [row] = await db.select().from(proofs).where(eq(proofs.messageId, messageId));
  return row;
}

export async function isVideoUsed(db: Db, mediaId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proofs.id })
    .from(proofs)
    .where(eq(proofs.videoMediaId, mediaId))
    .limit(1);
  return row !== undefined;
}

/**
 * Decides a proof only while it is still pending: of two deciders (or two job runs) exactly one gets the row.
 */
export async function decide(
  tx: Db,
  proofId: number,
  to: Decision,
  decidedById: string | null,
  at: Date,
): Promise<ProofRow | null> {
  const [row] = await tx
    .update(proofs)
    .set({ status: to, decidedById, decidedAt: at })
    .where(and(eq(proofs.id, proofId), eq(proofs.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Pending proofs posted before `before`, oldest first. */
export async function listStalePending(db: Db, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: proofs.id })
    .from(proofs)
    .where(and(eq(proofs.status, 'pending'), lt(proofs.createdAt, before)))
    .orderBy(asc(proofs.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The author's approved values in a Pact, most recent first (the trainer's history). */
export async function approvedValues(
  db: Db,
  userId: string,
  pactId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ value: proofs.value })
    .from(proofs)
    .where(
      and(
        eq(proofs.userId, userId),
        eq(proofs.pactId, pactId),
        eq(proofs.status, 'approved'),
        eq(proofs.counts, true),
      ),
    )
    .orderBy(sql`${proofs.decidedAt} desc nulls last`, sql`${proofs.id} desc`)
    .limit(limit);
  return rows.map((r) => r.value);
}

/** Erasure of the workouts type: the user's proofs; answers their messages and files for the erasure. */
export async function deleteProofsOf(db: Db, userId: string) {
  const rows = await db.delete(proofs).where(eq(proofs.userId, userId)).returning({
    messageId: proofs.messageId,
    video: proofs.videoMediaId,
    thumbnail: proofs.thumbnailMediaId,
  });
  return {
    messageIds: rows.map((r) => r.messageId),
    mediaIds: rows.flatMap((r) => [r.video, r.thumbnail]).filter((id): id is string => id !== null),
  };
}
