import type { ApproveProofBody, CreateProofBody } from '@shared/api/proofs';
import { api } from './client';

/** Workout proofs over HTTP (posting one, deciding one). Their state lives in client/features/proofs. */

/** Posts an uploaded proof video (and its poster). */
export const postProof = (challengeId: number, body: CreateProofBody) =>
  api.proofs.create({ params: { id: challengeId }, body });

export const decideProof = (challengeId: number, body: ApproveProofBody) =>
  api.proofs.approve({ params: { id: challengeId }, body });

/** A code word for the next recording in this Pact (15 minutes, one use), and whether it will count. */
export const issueCodeWord = (challengeId: number) => api.proofs.codeWord({ params: { id: challengeId } });
