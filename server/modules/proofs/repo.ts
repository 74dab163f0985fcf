import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pacts, participations, proofs, users } from '../../db/schema';
import { blockedBetween, visibleTo } from '../pacts/repo';

/** Proof rows and what an approval changes in the author's participation. The only SQL of the proofs module. */

export type ProofRow = typeof proofs.$inferSelect;
export type Decision = 'approved' | 'rejected';

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
    status: 'pending' | 'approved';
    decidedById: string | null;
    decidedAt: Date | null;
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

/** An approved proof adds its value and recounts the author's done days (distinct approved recorded days). */
export async function applyApproval(tx: Db, proof: { userId: string; pactId: number; value: number }) {
  await tx
    .update(participations)
    .set({
      completedValue: sql`${participations.completedValue} + ${proof.value}`,
      daysDone: sql`(select count(distinct ${proofs.recordedDay})::int from ${proofs}
        where ${proofs.userId} = ${proof.userId} and ${proofs.pactId} = ${proof.pactId}
          and ${proofs.status} = 'approved')`,
    })
    .where(and(eq(participations.userId, proof.userId), eq(participations.pactId, proof.pactId)));
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
    .where(and(eq(proofs.userId, userId), eq(proofs.pactId, pactId), eq(proofs.status, 'approved')))
    .orderBy(sql`${proofs.decidedAt} desc nulls last`, sql`${proofs.id} desc`)
    .limit(limit);
  return rows.map((r) => r.value);
}

export async function isSystemUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role === 'system';
}

/** Whether `viewerId` may see a Pact with a proof using this media, and is not blocked with its author. */
export async function isMediaOfVisibleProof(db: Db, viewerId: string, mediaId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proofs.id })
    .from(proofs)
    .innerJoin(pacts, eq(pacts.id, proofs.pactId))
    .where(
      and(
        sql`(${proofs.videoMediaId} = ${mediaId} or ${proofs.thumbnailMediaId} = ${mediaId})`,
        visibleTo(viewerId),
        sql`not ${blockedBetween(viewerId, sql`${proofs.userId}`)}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
