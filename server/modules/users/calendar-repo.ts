import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pacts, proofs } from '../../db/schema';

/** The user's approved proofs recorded on local days in [fromDay, toDay), oldest first, with their Pact. */
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
        gte(proofs.recordedDay, fromDay),
        lt(proofs.recordedDay, toDay),
      ),
    )
    .orderBy(asc(proofs.recordedDay), asc(proofs.createdAt), asc(proofs.id));
}
