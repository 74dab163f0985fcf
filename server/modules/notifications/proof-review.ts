import { z } from 'zod';
import { type PushReminderPayload, reviewUrl } from '../../../shared/api/push';
import type { AppContext } from '../../context';
import { defineJob } from '../../platform/jobs';
import { otherActiveMembers } from '../pacts/access';
import '../proofs/events';
import * as pushRepo from './push-repo';
import { pushToUser } from './push-service';
import * as repo from './repo';
import { createNotification } from './service';

/**
 * "A proof waits for your review" (docs/NOTIFICATIONS.md, "Proof reviews"): who may decide a pending proof hears of
 * it in the app and by Web Push. The creator decides everyone else's proofs; the creator's own proof is decided by
 * any other active participant, so each of them (the first REVIEW_NOTIFY_MAX) is told. Proofs born decided (the
 * AI trainer's instant approval, a Pact of one) raise no event; nobody is told of their own proof, and a blocked
 * pair or a demo account of another sandbox stays silent (createNotification).
 */
export const REVIEW_NOTIFY_MAX = 50;

export async function notifyPendingProof(
  ctx: AppContext,
  e: { proofId: number; pactId: number; messageId: number; userId: string; creatorId: string },
) {
  const reviewers =
    e.userId === e.creatorId
      ? await otherActiveMembers(ctx, e.pactId, e.userId, REVIEW_NOTIFY_MAX)
      : [e.creatorId];
  for (const userId of reviewers) {
    const note = await createNotification(ctx, {
      userId,
      type: 'proof_pending',
      actorId: e.userId,
      pactId: e.pactId,
      data: { proofId: e.proofId, messageId: e.messageId },
    });
    // Only a device to push to, with Workout Notifications on, is worth a job.
    if (
      note &&
      (await pushRepo.devicesOf(ctx.db, userId)).length > 0 &&
      (await pushRepo.pushesWanted(ctx.db, userId))
    )
      await reviewPushJob.enqueue(ctx.db, { userId, notificationId: note.id });
  }
}

const reviewPayload = z.object({ userId: z.string(), notificationId: z.number().int() });

/** The push of one review notification; skipped once it was read or is gone (decided in the app meanwhile). */
export const reviewPushJob = defineJob<z.infer<typeof reviewPayload>>({
  name: 'push.proof-review',
  parse: (raw) => reviewPayload.parse(raw),
  maxAttempts: 3,
  backoff: { baseMs: 15_000, capMs: 60_000 },
  handler: async (ctx, { userId, notificationId }, { log }) => {
    const note = await repo.findOne(ctx.db, userId, notificationId);
    if (!note || note.readAt) return { skipped: 'read or gone' };
    if (!(await pushRepo.pushesWanted(ctx.db, userId))) return { skipped: 'Workout Notifications off' };
    if (note.pact?.id == null || note.pact.title == null) return { skipped: 'no Pact' };
    const actor = note.actor?.firstName?.trim() || note.actor?.username || 'Someone';
    return pushToUser(ctx, userId, reviewPush(note.pact.id, note.data, note.pact.title, actor), log);
  },
});

/** The push's words and target: the Pact's chat at the proof's message. */
export function reviewPush(
  pactId: number,
  data: Record<string, unknown>,
  pactTitle: string,
  actorName: string,
): PushReminderPayload {
  const messageId = typeof data.messageId === 'number' ? data.messageId : null;
  return {
    title: 'Proof to review',
    body: `${actorName} posted proof in ${pactTitle}: review it`,
    url: reviewUrl(pactId, messageId),
    tag: `proof-review-${typeof data.proofId === 'number' ? data.proofId : pactId}`,
  };
}
