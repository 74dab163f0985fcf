import { AI_TRAINER_ID } from '../../../shared/api/users';
import type { AppContext } from '../../context';
import { countKeyedSince, storeMessage } from '../chat/service';
import { findPact, pactCreatorId } from '../pacts/access';
import { approvedValues } from '../proofs/service';
import { userSummaryOf } from '../users/service';
import { messageReply, nextTarget, proofReply } from './replies';

/**
 * The AI trainer in the chats of its own Pacts. It answers every approved proof (once per proof) and a member's
 * messages at most once per member per QUIET_MS, so a chatty member is not drowned in replies. Both limits are
 * keys in the chat's clientKey column (unique per author), so two instances racing store one reply.
 * Proofs in its Pacts are approved at once by the trainer as their creator (proofs/service.ts). Each reply is
 * addressed to the member it answers (`addresseeId`): only those who may see that member see it (a demo visitor's
 * reply stays in its sandbox; docs/CHAT.md).
 */
export const QUIET_MS = 10 * 60_000;
const HISTORY = 20;

async function facts(ctx: AppContext, pactId: number, userId: string, creatorId?: string) {
  // Asked for every message and proof of every Pact: the creator (from the event, else a one-column read) first,
  // the whole Pact only in the trainer's own.
  if ((creatorId ?? (await pactCreatorId(ctx, pactId))) !== AI_TRAINER_ID) return null;
  const pact = await findPact(ctx, pactId);
  if (!pact) return null;
  const user = await userSummaryOf(ctx, userId);
  if (!user) return null;
  const values = await approvedValues(ctx, userId, pactId, HISTORY);
  return {
    name: user.firstName || user.username,
    exercise: pact.exerciseType,
    next: nextTarget(values, pact.targetValue),
    approvedCount: values.length,
    latest: values[0],
  };
}

export async function answerMessage(
  ctx: AppContext,
  e: { messageId: number; pactId: number; userId: string; pactCreatorId?: string },
) {
  if (e.userId === AI_TRAINER_ID) return;
  const f = await facts(ctx, e.pactId, e.userId, e.pactCreatorId);
  if (!f) return;
  const now = Date.now();
  const prefix = `trainer:msg:${e.userId}:`;
  if ((await countKeyedSince(ctx, AI_TRAINER_ID, e.pactId, prefix, new Date(now - QUIET_MS))) > 0) return;
  await storeMessage(ctx, {
    pactId: e.pactId,
    userId: AI_TRAINER_ID,
    type: 'message',
    body: messageReply(f, e.messageId),
    addresseeId: e.userId,
    clientKey: `${prefix}${Math.floor(now / QUIET_MS)}`,
  });
}

export async function answerProof(
  ctx: AppContext,
  e: { proofId: number; pactId: number; userId: string; value: number; counts?: boolean },
) {
  if (e.userId === AI_TRAINER_ID) return;
  const f = await facts(ctx, e.pactId, e.userId);
  if (!f) return;
  await storeMessage(ctx, {
    pactId: e.pactId,
    userId: AI_TRAINER_ID,
    type: 'message',
    body: proofReply({ ...f, value: e.value, counts: e.counts }, e.proofId),
    clientKey: `trainer:proof:${e.proofId}`,
    addresseeId: e.userId,
  });
}
