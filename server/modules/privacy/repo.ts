import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deletionRequests } from '../../db/schema';
import type { DbOrTx } from '../../platform/jobs';

export type NewDeletionRequest = typeof deletionRequests.$inferInsert;

export async function insertDeletionRequest(db: DbOrTx, values: NewDeletionRequest) {
  const [row] = await db.insert(deletionRequests).values(values).returning({
    id: deletionRequests.id,
    status: deletionRequests.status,
    runAfter: deletionRequests.runAfter,
  });
  return row!;
}

export async function confirmByTokenHash(db: Db, hash: string, runAfter: Date) {
  const [row] = await db
    .update(deletionRequests)
    .set({ status: 'scheduled', confirmedAt: new Date(), runAfter, confirmTokenHash: null })
    .where(
      and(eq(deletionRequests.confirmTokenHash, hash), eq(deletionRequests.status, 'awaiting_confirmation')),
    )
    .returning({ id: deletionRequests.id });
  return row ?? null;
}

/** The newest request made signed out (so mailed a confirmation) to this mailbox since `since`. */
export async function latestConfirmationTo(db: DbOrTx, mailbox: string, since: Date) {
  const [row] = await db
    .select({ id: deletionRequests.id, createdAt: deletionRequests.createdAt })
    .from(deletionRequests)
    .where(
      and(
        eq(deletionRequests.mailbox, mailbox),
        isNull(deletionRequests.userId),
        gt(deletionRequests.createdAt, since),
      ),
    )
    .orderBy(desc(deletionRequests.createdAt))
    .limit(1);
  return row ?? null;
}
