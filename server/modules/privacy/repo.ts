import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { deletionRequests } from '../../db/schema';
import type { DbOrTx } from '../../platform/jobs';

const scheduledFields = {
  id: deletionRequests.id,
  status: deletionRequests.status,
  runAfter: deletionRequests.runAfter,
  contactEmail: deletionRequests.contactEmail,
  dataTypes: deletionRequests.dataTypes,
  fullAccountDeletion: deletionRequests.fullAccountDeletion,
};

export type NewDeletionRequest = typeof deletionRequests.$inferInsert;

export async function insertDeletionRequest(db: DbOrTx, values: NewDeletionRequest) {
  const [row] = await db.insert(deletionRequests).values(values).returning(scheduledFields);
  return row!;
}

/** The mailed confirmation link: the request waiting for it becomes scheduled (once: the token is cleared). */
export async function confirmByTokenHash(db: DbOrTx, hash: string, runAfter: Date, cancelTokenHash: string) {
  const [row] = await db
    .update(deletionRequests)
    .set({ status: 'scheduled', confirmedAt: new Date(), runAfter, confirmTokenHash: null, cancelTokenHash })
    .where(
      and(eq(deletionRequests.confirmTokenHash, hash), eq(deletionRequests.status, 'awaiting_confirmation')),
    )
    .returning(scheduledFields);
  return row ?? null;
}

/** Requests of this user that have not run and were not cancelled, soonest first. */
export async function pendingOf(db: DbOrTx, userId: string) {
  return db
    .select(scheduledFields)
    .from(deletionRequests)
    .where(
      and(
        eq(deletionRequests.userId, userId),
        inArray(deletionRequests.status, ['awaiting_confirmation', 'scheduled']),
      ),
    )
    .orderBy(asc(deletionRequests.runAfter), asc(deletionRequests.id));
}

export async function findOwn(db: DbOrTx, id: number, userId: string) {
  const [row] = await db
    .select(scheduledFields)
    .from(deletionRequests)
    .where(and(eq(deletionRequests.id, id), eq(deletionRequests.userId, userId)));
  return row ?? null;
}

/** Cancels a request that has not run yet; answers null when it already ran or was cancelled. */
export async function cancel(db: DbOrTx, id: number) {
  const [row] = await db
    .update(deletionRequests)
    .set({ status: 'cancelled', confirmTokenHash: null, cancelTokenHash: null })
    .where(
      and(
        eq(deletionRequests.id, id),
        inArray(deletionRequests.status, ['awaiting_confirmation', 'scheduled']),
      ),
    )
    .returning(scheduledFields);
  return row ?? null;
}

/** The mailed "Cancel deletion request" link: the scheduled request it was sent for, if it has not run. */
export async function findScheduledByCancelHash(db: DbOrTx, hash: string) {
  const [row] = await db
    .select({ id: deletionRequests.id })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.cancelTokenHash, hash), eq(deletionRequests.status, 'scheduled')));
  return row ?? null;
}

/** The request the erasure job is about to run, read without a lock (what must happen before its transaction). */
export async function erasureTarget(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...scheduledFields, userId: deletionRequests.userId })
    .from(deletionRequests)
    .where(eq(deletionRequests.id, id));
  return row ?? null;
}

/** The request the erasure job runs, locked until its transaction ends (a second runner waits, then sees it done). */
export async function lockForErasure(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ ...scheduledFields, userId: deletionRequests.userId })
    .from(deletionRequests)
    .where(eq(deletionRequests.id, id))
    .for('update');
  return row ?? null;
}

export async function markCompleted(tx: DbOrTx, id: number, at: Date) {
  await tx
    .update(deletionRequests)
    .set({ status: 'completed', completedAt: at, cancelTokenHash: null, confirmTokenHash: null })
    .where(eq(deletionRequests.id, id));
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
