import { z } from 'zod';
import { TARGET_VALUE_MAX } from '../domain/limits';
import { NOT_COUNTED_REASONS } from '../domain/proof-day';
import { idValue, intValue, stringId } from './ids';
import { userSummary } from './pacts';

/**
 * Contracts of workout proofs (docs/CHAT.md "Proofs", docs/RULES.md "Proof you can trust"): the proof as the chat
 * shows it, posting one, deciding one. Paths keep "challenge".
 */

export const PROOF_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const proofStatus = z.enum(PROOF_STATUSES);
export type ProofStatus = z.infer<typeof proofStatus>;

/** A proof as the chat shows it. `canDecide`: the caller (or the socket's user) may approve or reject it now. */
export const chatProof = z.object({
  id: z.number().int(),
  messageId: z.number().int(),
  challengeId: z.number().int(),
  userId: z.string(),
  status: proofStatus,
  value: z.number().int(),
  /** The author's local date of the workout (YYYY-MM-DD). */
  recordedDay: z.string(),
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  decidedBy: userSummary.nullable(),
  decidedAt: z.string().nullable(),
  /** A bundled demo clip seeded into a demo sandbox (labelled as demo content), not a recording. */
  sample: z.boolean(),
  canDecide: z.boolean(),
  createdAt: z.string(),
  /** The code word the author was asked to say or show (null: posted before code words, or seeded). */
  codeWord: z.string().nullable(),
  /** False: a chat post that counts for nothing (the day was already counted, not scheduled, or out of window). */
  counts: z.boolean(),
  /** An earlier proof this video looks like (server fingerprint), for the approvers to compare; null: none found. */
  lookalike: z
    .object({
      proofId: z.number().int(),
      /** When the earlier one was sent (ISO). */
      sentAt: z.string(),
      by: userSummary,
      /** Its video, only when it is in this same Pact (another Pact's video stays with its own audience). */
      videoUrl: z.string().nullable(),
    })
    .nullable(),
});
export type ChatProof = z.infer<typeof chatProof>;

/** A client-chosen idempotency key: a retried request with the same key stores one proof. */
const clientKey = z.uuid();

/** POST /api/challenges/:id/proofs: an uploaded proof video (tus, kind 'proof') and its JPEG thumbnail. */
export const createProofBody = z.strictObject({
  /** The code word (POST /api/challenges/:id/proof-challenge) the video was recorded with. */
  codeWordId: idValue().meta({ description: 'The id of the code word issued for this recording' }),
  videoMediaId: stringId('media'),
  thumbnailMediaId: stringId('media').optional(),
  /** Reps or seconds claimed; defaults to the Pact's target. */
  value: intValue(0, TARGET_VALUE_MAX).optional(),
  clientKey: clientKey.optional(),
});
export type CreateProofBody = z.input<typeof createProofBody>;

export const DECISIONS = ['approved', 'rejected'] as const;
/** POST /api/challenges/:id/approve: who may decide is in docs/CHAT.md. */
export const approveProofBody = z.strictObject({
  proofId: idValue(),
  approval: z.enum(DECISIONS),
});
export type ApproveProofBody = z.infer<typeof approveProofBody>;

/**
 * POST /api/challenges/:id/proof-challenge: a code word for the caller's next recording in this Pact. `counts`
 * false with its reason: a proof recorded now will be kept as a chat post that counts for nothing.
 */
export const proofChallenge = z.object({
  id: z.number().int(),
  code: z.string(),
  expiresAt: z.string(),
  /** The author's local day the recording counts for (or would have). */
  day: z.string(),
  counts: z.boolean(),
  notCounted: z.enum(NOT_COUNTED_REASONS).nullable(),
});
export type ProofChallenge = z.infer<typeof proofChallenge>;
