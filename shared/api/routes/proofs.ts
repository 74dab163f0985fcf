import { chatMessage } from '../chat';
import { challengeIdParams } from '../pacts';
import { approveProofBody, createProofBody, proofChallenge } from '../proofs';
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
      400: 'Also: the media is not a finished upload of the caller of the right kind; or no code word of the caller for this Pact with that id, or it expired before the video was sent.',
      403: 'Only active participants post proofs.',
      404: 'No such Pact, or one the caller may not see.',
      409: 'The code word was used by another proof; the same video bytes were already sent as proof; or the clientKey was used by another message.',
      429: 'Too many proofs; wait a few seconds.',
    },
  },
  codeWord: {
    summary:
      "A code word for the caller's next proof recording in this Pact (15 minutes, one use), and whether it will count",
    auth: 'user',
    params: challengeIdParams,
    answers: { 201: proofChallenge },
    errors: {
      403: 'Only active participants record proofs.',
      404: 'No such Pact, or one the caller may not see.',
      429: 'Too many code words; wait a minute.',
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
