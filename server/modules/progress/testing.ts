import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { chatMessages, proofs } from '../../db/schema';
import { runDueJobs } from '../../platform/jobs';

/**
 * Test factory: a workout proof as the proofs module stores it (a workout_proof chat message and its proof row),
 * written straight to the database so progress can be tested on its own.
 */
export async function insertProof(
  db: Db,
  p: {
    userId: string;
    pactId: number;
    recordedDay: string;
    status?: 'pending' | 'approved' | 'rejected';
    value?: number;
    createdAt?: Date;
  },
): Promise<number> {
  const [message] = await db
    .insert(chatMessages)
    .values({ pactId: p.pactId, userId: p.userId, type: 'workout_proof', body: '', createdAt: p.createdAt })
    .returning({ id: chatMessages.id });
  const [proof] = await db
    .insert(proofs)
    .values({
      messageId: message!.id,
      pactId: p.pactId,
      userId: p.userId,
      value: p.value ?? 20,
      status: p.status ?? 'approved',
      recordedDay: p.recordedDay,
      createdAt: p.createdAt,
    })
    .returning({ id: proofs.id });
  return proof!.id;
}

export async function setProofStatus(db: Db, proofId: number, status: 'pending' | 'approved' | 'rejected') {
  await db.update(proofs).set({ status, decidedAt: new Date() }).where(eq(proofs.id, proofId));
}

/** Runs the progress recomputes that are due (tests run no background runner), at `now` when given. */
export function settleProgress(ctx: AppContext, now?: Date) {
  return runDueJobs(ctx, { names: ['progress.recompute'], ...(now ? { now } : {}) });
}
