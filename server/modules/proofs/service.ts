import { randomInt } from 'node:crypto';
import type { ChatMessage } from '../../../shared/api/chat';
import type { ApproveProofBody, CreateProofBody, ProofStatus } from '../../../shared/api/proofs';
import { codeWordFrom } from '../../../shared/domain/code-words';
import { PROOF_AUTO_APPROVE_MS } from '../../../shared/domain/limits';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../platform/errors';
import {
  chatAccess,
  findByClientKey,
  insertSeedMessage,
  presentMessage,
  publishStored,
  readablePact,
  storedUnderKey,
  storeMessageTx,
} from '../chat/service';
import { getOwnReadyMedia } from '../media/service';
import { hasOtherActiveMember } from '../pacts/access';
import { enqueueProgressRecompute } from '../progress/jobs';
import { isHiddenFrom } from '../safety/service';
import type { SessionUser } from '../session/guard';
import { isSystemUser } from '../users/service';
import './events';
import { refusalReason } from '../chat/policy';
import { deleteChallengesOf } from './challenge-repo';
import { checkCodeWord, spendCodeWord } from './challenges';
import { JOIN_TO_PROVE_MESSAGE, mayPostProof } from './policy';
import * as repo from './repo';
import { fingerprintLater, isSameBytesRace, refuseReusedBytes, reusedVideoMessage } from './video-check';

export { JOIN_TO_PROVE_MESSAGE } from './policy';

/** Video proof and its approval (docs/PACTS.md, "Proofs"). */

export const PROOF_TEXT = 'Workout proof submitted';
export const PROOF_NOT_FOUND = 'Proof not found';
export const VIDEO_USED_MESSAGE = 'videoMediaId: this video was already sent as proof';

/**
 * Who decides at posting time, when nobody else can:
 * - a Pact created by a system user (the AI trainer): the creator decides others' proofs, and the trainer, being
 *   a program, approves each proof in its Pacts at once, as itself;
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
  if (!mayPostProof(pact.myStatus)) throw forbidden(JOIN_TO_PROVE_MESSAGE);
  if (body.clientKey) {
    const earlier = await findByClientKey(ctx, me.id, body.clientKey);
    if (earlier?.pactId === pactId && earlier.type === 'workout_proof')
      return { created: false, message: await presentMessage(ctx, me, earlier.id) };
  }
  const video = await getOwnReadyMedia(ctx, me, body.videoMediaId, ['proof']);
  const thumb = body.thumbnailMediaId
    ? await getOwnReadyMedia(ctx, me, body.thumbnailMediaId, ['thumbnail'])
    : null;
  if (await repo.isVideoUsed(ctx.db, video.id)) throw conflict(VIDEO_USED_MESSAGE);
  const codeWord = await checkCodeWord(ctx, me, pactId, body.codeWordId, video.createdAt);
  const videoSha256 = await refuseReusedBytes(ctx, video, me.timeZone);

  const creatorId = pact.pact.creatorId;
  let autoBy: { decidedById: string | null } | null = null;
  if (me.id !== creatorId && (await isSystemUser(ctx, creatorId))) autoBy = { decidedById: creatorId };
  else if (me.id === creatorId && !(await hasOtherActiveMember(ctx, pactId, me.id)))
    autoBy = { decidedById: null };

  const input = {
    pactId,
    userId: me.id,
    type: 'workout_proof' as const,
    body: PROOF_TEXT,
    clientKey: body.clientKey ?? null,
  };
  const stored = await storeProof(
    ctx,
    async (tx) => {
      const inserted = await storeMessageTx(tx, input);
      if (!inserted) return null;
      const day = await spendCodeWord(tx, me, codeWord, now);
      const proof = await repo.insertProof(tx, {
        messageId: inserted.row.id,
        pactId,
        userId: me.id,
        videoMediaId: video.id,
        thumbnailMediaId: thumb?.id ?? null,
        value: body.value ?? pact.pact.targetValue,
        recordedDay: day.recordedDay,
        counts: day.counts,
        challengeId: codeWord.id,
        codeWord: codeWord.code,
        videoSha256,
        status: autoBy ? 'approved' : 'pending',
        decidedById: autoBy?.decidedById ?? null,
        decidedAt: autoBy ? now : null,
      });
      if (autoBy) await enqueueProgressRecompute(tx, me.id);
      await fingerprintLater(tx, proof.id);
      return proof;
    },
    me.timeZone,
  );
  if (!stored)
    return { created: false, message: await presentMessage(ctx, me, await storedUnderKey(ctx, input)) };
  await publishStored(ctx, input, stored.messageId);
  if (stored.status === 'approved') await announceDecision(ctx, stored, true);
  else
    await ctx.events.emit('proof.pending', {
      proofId: stored.id,
      pactId,
      messageId: stored.messageId,
      userId: me.id,
      creatorId,
    });
  return { created: true, message: await presentMessage(ctx, me, stored.messageId) };
}

/** The proof's transaction; the same bytes stored by a racing proof meanwhile is the same 409 as before it. */
async function storeProof<T>(ctx: AppContext, work: (tx: Db) => Promise<T>, timeZone: string): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (err) {
    if (isSameBytesRace(err)) throw conflict(reusedVideoMessage(new Date(), timeZone));
    throw err;
  }
}

/** After a decision commits: tells the listeners (the room, progress, notifications, the trainer). */
async function announceDecision(ctx: AppContext, proof: repo.ProofRow, atCreation: boolean) {
  await ctx.events.emit('proof.status_changed', {
    proofId: proof.id,
    pactId: proof.pactId,
    messageId: proof.messageId,
    userId: proof.userId,
    from: 'pending',
    to: proof.status as repo.Decision,
    value: proof.value,
    recordedDay: proof.recordedDay,
    decidedById: proof.decidedById,
    atCreation,
    counts: proof.counts,
  });
}

/**
 * Decides a pending proof in one transaction with its author's progress recompute job (progress/jobs.ts), so the
 * figures follow every approval even if this process stops right after. Null: already decided.
 */
async function decideNow(ctx: AppContext, proofId: number, to: repo.Decision, by: string | null, now: Date) {
  const decided = await ctx.db.transaction(async (tx) => {
    const row = await repo.decide(tx, proofId, to, by, now);
    if (row && to === 'approved') await enqueueProgressRecompute(tx, row.userId);
    return row;
  });
  if (decided) await announceDecision(ctx, decided, false);
  return decided;
}

/** POST /api/challenges/:id/approve. */
export async function approveProof(
  ctx: AppContext,
  me: SessionUser,
  pactId: number,
  body: ApproveProofBody,
  now = new Date(),
): Promise<ChatMessage> {
  const access = await chatAccess(ctx, me, pactId);
  const proof = await repo.findProof(ctx.db, body.proofId);
  if (!proof || proof.pactId !== pactId) throw notFound(PROOF_NOT_FOUND);
  if (await isHiddenFrom(ctx, me.id, proof.userId)) throw notFound(PROOF_NOT_FOUND);
  const reason = refusalReason(proof, me.id, access.creatorId, access.myStatus === 'active');
  if (reason) throw forbidden(reason);
  if (proof.status !== 'pending') throw conflict(`This proof was already ${proof.status}`);
  const decided = await decideNow(ctx, proof.id, body.approval, me.id, now);
  if (!decided) throw conflict('This proof was already decided');
  return presentMessage(ctx, me, proof.messageId);
}

/** Approves proofs pending for 24 hours. Each proof is decided once, however many runs race. */
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

/** The author's approved values in a Pact, most recent first (the trainer's history). */
export function approvedValues(ctx: AppContext, userId: string, pactId: number, limit: number) {
  return repo.approvedValues(ctx.db, userId, pactId, limit);
}

/**
 * Seeds a proof with its workout_proof message as if posted at `postedAt` (the demo sandbox), in one
 * transaction. The seeder recomputes progress afterwards, which recounts the participations.
 */
export async function seedProof(
  ctx: AppContext,
  p: {
    pactId: number;
    userId: string;
    videoMediaId: string;
    thumbnailMediaId: string;
    value: number;
    recordedDay: string;
    status: ProofStatus;
    decidedById: string | null;
    postedAt: Date;
    /** A bundled demo clip rather than a recording. */
    sample?: boolean;
  },
) {
  await ctx.db.transaction(async (tx) => {
    const messageId = await insertSeedMessage(tx, {
      pactId: p.pactId,
      userId: p.userId,
      type: 'workout_proof',
      body: PROOF_TEXT,
      createdAt: p.postedAt,
    });
    await repo.insertProof(tx, {
      messageId,
      pactId: p.pactId,
      userId: p.userId,
      videoMediaId: p.videoMediaId,
      thumbnailMediaId: p.thumbnailMediaId,
      value: p.value,
      recordedDay: p.recordedDay,
      status: p.status,
      decidedById: p.decidedById,
      decidedAt: p.status === 'approved' ? p.postedAt : null,
      sample: p.sample ?? false,
      createdAt: p.postedAt,
      // The sandbox's proofs show the code word their approvers check, as real ones do.
      codeWord: codeWordFrom([randomInt(1 << 30), randomInt(1 << 30), randomInt(1 << 30)]),
    });
  });
}

/**
 * Erasure of the workouts type (privacy module), inside its transaction: the user's proofs go; answers the chat
 * messages that carried them (for the chat module to delete) and their files.
 */
export async function eraseProofsOf(tx: Db, userId: string) {
  const erased = await repo.deleteProofsOf(tx, userId);
  await deleteChallengesOf(tx, userId);
  return erased;
}
