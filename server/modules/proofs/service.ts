import type { ApproveProofBody, ChatMessage, CreateProofBody } from '../../../shared/api/chat';
import { PROOF_AUTO_APPROVE_MS } from '../../../shared/domain/limits';
import { localDate } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { roomChannel } from '../../platform/realtime/events';
import type { SessionUser } from '../auth/guard';
import * as chatRepo from '../chat/repo';
import { presentMessage, readablePact, storeMessage } from '../chat/service';
import { getOwnReadyMedia } from '../media/service';
import type { Viewer } from '../pacts/present';
import * as repo from './repo';
import { refusalReason } from './rules';

declare module '../../platform/events' {
  interface DomainEvents {
    'proof.created': { proofId: number; pactId: number; userId: string; messageId: number };
    /** After commit. Progress (streaks, points, XP) and notifications hook in here. */
    'proof.status_changed': {
      proofId: number;
      pactId: number;
      userId: string;
      from: 'pending';
      to: 'approved' | 'rejected';
      value: number;
      recordedDay: string;
      decidedById: string | null;
    };
  }
}

/** Video proof and its approval (DECISIONS 5). */

export const PROOF_TEXT = 'Workout proof submitted';
export const PROOF_NOT_FOUND = 'Proof not found';
export const JOIN_TO_PROVE_MESSAGE = 'Join this Pact to send proof';
export const VIDEO_USED_MESSAGE = 'videoMediaId: this video was already sent as proof';

/**
 * Who decides at posting time, when nobody else can:
 * - a Pact created by a system user (the AI trainer): the creator decides others' proofs (DECISIONS 5) and the
 *   trainer, being a program, approves each proof in its Pacts at once, as itself;
 * - the creator's own proof when no other active participant exists (a private Pact, a Pact of one): nobody is
 *   eligible, so it is approved at once with no decider.
 * Otherwise the proof waits (pending) for an eligible person or the 24-hour job.
 */
export async function createProof(
  ctx: AppContext,
  me: SessionUser,
  pactId: number,
  body: CreateProofBody,
  now = new Date(),
): Promise<{ created: boolean; message: ChatMessage }> {
  const pact = await readablePact(ctx, me, pactId);
  if (pact.myStatus !== 'active') throw forbidden(JOIN_TO_PROVE_MESSAGE);
  if (body.clientKey) {
    const earlier = await chatRepo.findByClientKey(ctx.db, me.id, body.clientKey);
    if (earlier?.pactId === pactId && earlier.type === 'workout_proof')
      return { created: false, message: await presentMessage(ctx, me, earlier.id) };
  }
  const video = await getOwnReadyMedia(ctx, me, body.videoMediaId, ['proof']);
  const thumb = body.thumbnailMediaId
    ? await getOwnReadyMedia(ctx, me, body.thumbnailMediaId, ['thumbnail'])
    : null;
  if (await repo.isVideoUsed(ctx.db, video.id)) throw conflict(VIDEO_USED_MESSAGE);

  const creatorId = pact.pact.creatorId;
  let autoBy: { decidedById: string | null } | null = null;
  if (me.id !== creatorId && (await repo.isSystemUser(ctx.db, creatorId)))
    autoBy = { decidedById: creatorId };
  else if (me.id === creatorId && !(await chatRepo.hasOtherActive(ctx.db, pactId, me.id)))
    autoBy = { decidedById: null };

  const stored = await storeMessage(
    ctx,
    { pactId, userId: me.id, type: 'workout_proof', body: PROOF_TEXT, clientKey: body.clientKey ?? null },
    async (tx, messageId) => {
      const proof = await repo.insertProof(tx, {
        messageId,
        pactId,
        userId: me.id,
        videoMediaId: video.id,
        thumbnailMediaId: thumb?.id ?? null,
        value: body.value ?? pact.pact.targetValue,
        recordedDay: localDate(now, me.timeZone),
        status: autoBy ? 'approved' : 'pending',
        decidedById: autoBy?.decidedById ?? null,
        decidedAt: autoBy ? now : null,
      });
      if (autoBy) await repo.applyApproval(tx, proof);
      return proof;
    },
  );
  const proof = stored.extra;
  if (stored.created && proof) {
    await ctx.events.emit('proof.created', {
      proofId: proof.id,
      pactId,
      userId: me.id,
      messageId: stored.id,
    });
    if (proof.status === 'approved') await announceDecision(ctx, proof, false);
  }
  return { created: stored.created, message: await presentMessage(ctx, me, stored.id) };
}

/** After a decision commits: tells the room (unless the proof was born decided) and the domain listeners. */
async function announceDecision(ctx: AppContext, proof: repo.ProofRow, toRoom = true) {
  if (toRoom) {
    const decidedBy = proof.decidedById ? await chatRepo.userSummary(ctx.db, proof.decidedById) : null;
    try {
      await ctx.realtime.publish(roomChannel(proof.pactId), {
        kind: 'proof_status',
        proofId: proof.id,
        messageId: proof.messageId,
        authorId: proof.userId,
        status: proof.status,
        decidedBy,
      });
    } catch {
      // Stored; a resuming socket gets the decision re-stated (decisionsSince).
    }
  }
  await ctx.events.emit('proof.status_changed', {
    proofId: proof.id,
    pactId: proof.pactId,
    userId: proof.userId,
    from: 'pending',
    to: proof.status as 'approved' | 'rejected',
    value: proof.value,
    recordedDay: proof.recordedDay,
    decidedById: proof.decidedById,
  });
}

/** Decides a pending proof inside a transaction (approval updates the participation too). Null: already decided. */
async function decideNow(ctx: AppContext, proofId: number, to: repo.Decision, by: string | null, now: Date) {
  const decided = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await repo.decide(tx, proofId, to, by, now);
    if (row && to === 'approved') await repo.applyApproval(tx, row);
    return row;
  });
  if (decided) await announceDecision(ctx, decided);
  return decided;
}

/** POST /api/challenges/:id/approve. */
export async function approveProof(
  ctx: AppContext,
  me: Viewer,
  pactId: number,
  body: ApproveProofBody,
  now = new Date(),
): Promise<ChatMessage> {
  const pact = await readablePact(ctx, me, pactId);
  const proof = await repo.findProof(ctx.db, body.proofId);
  if (!proof || proof.pactId !== pactId) throw notFound(PROOF_NOT_FOUND);
  const blocked = await chatRepo.blockedPairs(ctx.db, [me.id], [proof.userId]);
  if (blocked.size > 0) throw notFound(PROOF_NOT_FOUND);
  const reason = refusalReason(proof, me.id, pact.pact.creatorId, pact.myStatus === 'active');
  if (reason) throw forbidden(reason);
  if (proof.status !== 'pending') throw conflict(`This proof was already ${proof.status}`);
  const decided = await decideNow(ctx, proof.id, body.approval, me.id, now);
  if (!decided) throw conflict('This proof was already decided');
  return presentMessage(ctx, me, proof.messageId);
}

/** Approves proofs pending for 24 hours (DECISIONS 5). Each proof is decided once, however many runs race. */
export async function approveStaleProofs(ctx: AppContext, now = new Date()): Promise<number> {
  const ids = await repo.listStalePending(ctx.db, new Date(now.getTime() - PROOF_AUTO_APPROVE_MS), 500);
  let approved = 0;
  for (const id of ids) {
    if (await decideNow(ctx, id, 'approved', null, now)) approved += 1;
  }
  return approved;
}

export function proofAutoApproveJob(ctx: AppContext) {
  return { name: 'proofs-auto-approve', everyMs: 5 * 60_000, run: () => approveStaleProofs(ctx) };
}
