import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pacts, proofs, users } from '../../db/schema';

/** The user's approved, counted proofs recorded on local days in [fromDay, toDay), oldest first, with their Pact. */
export async function listApprovedProofs(db: Db, userId: string, fromDay: string, toDay: string) {
  return db
    .select({
      proofId: proofs.id,
      pactId: proofs.pactId,
      pactTitle: pacts.title,
      exerciseType: pacts.exerciseType,
      value: proofs.value,
      recordedDay: proofs.recordedDay,
      createdAt: proofs.createdAt,
    })
    .from(proofs)
    .innerJoin(pacts, eq(pacts.id, proofs.pactId))
    .where(
      and(
        eq(proofs.userId, userId),
        eq(proofs.status, 'approved'),
        eq(proofs.counts, true),
        gte(proofs.recordedDay, fromDay),
        lt(proofs.recordedDay, toDay),
      ),
    )
    .orderBy(asc(proofs.recordedDay), asc(proofs.createdAt), asc(proofs.id));
}

/** The days a streak freeze was used on (stored by progress's recompute), as 'YYYY-MM-DD'. */
export async function frozenDaysOf(db: Db, userId: string): Promise<string[]> {
  const [row] = await db.select({ days: users.frozenDays }).from(users).where(eq(users.id, userId));
  return (row?.days ?? []).map((day) => String(day).slice(0, 10));
}
