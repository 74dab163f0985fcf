import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deletionRequests } from '../../db/schema';

export type NewDeletionRequest = typeof deletionRequests.$inferInsert;

export async function insertDeletionRequest(db: Db, values: NewDeletionRequest) {
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
