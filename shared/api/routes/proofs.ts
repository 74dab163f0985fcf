import { chatMessage } from '../chat';
import { challengeIdParams } from '../pacts';
import { approveProofBody, createProofBody } from '../proofs';
import { defineRoutes } from '../route';

/** Workout proofs (docs/CHAT.md "Proofs"). */
export const proofsRoutes = defineRoutes('proofs', {
  create: {
    summary: 'Post a proof video (uploaded with tus first); 201 stored, 200 when its clientKey was stored',
    auth: 'user',
    params: challengeIdParams,
    body: createProofBody,
    answers: { 200: chatMessage, 201: chatMessage },
    errors: {
      400: 'Also: the media is not a finished upload of the caller of the right kind.',
      403: 'Only active participants post proofs.',
      404: 'No such Pact, or one the caller may not see.',
      409: 'The video is already used by another proof, or the clientKey by another message.',
      429: 'Too many proofs; wait a few seconds.',
    },
  },
  approve: {
    summary: 'Approve or reject a pending proof',
    auth: 'user',
    params: challengeIdParams,
    body: approveProofBody,
    answers: { 200: chatMessage },
    errors: {
      403: 'The caller may not decide this proof (their own, or not a participant).',
      404: 'No such proof in this Pact, or one the caller may not see.',
      409: 'The proof was already decided.',
    },
  },
});
