import type { ChatMessage } from '../../../shared/api/chat';
import { mediaUrl } from '../../../shared/api/media';
import type { ChatProof } from '../../../shared/api/proofs';
import { mayDecide } from './policy';
import type { MessageRow } from './repo';

/** Turns message rows into the shared ChatMessage shape for one reader (only `canDecide` depends on them). */

/** Who reads, as far as deciding proofs goes (policy.ts mayDecide). */
export interface ChatReader {
  readerId: string;
  creatorId: string;
  readerIsActive: boolean;
}

export function toChatProof(row: MessageRow, reader: ChatReader | null): ChatProof | null {
  const p = row.proof;
  if (!p || p.id == null) return null;
  return {
    id: p.id,
    messageId: row.id,
    challengeId: row.pactId,
    userId: p.userId,
    status: p.status,
    value: p.value,
    recordedDay: p.recordedDay,
    videoUrl: p.videoMediaId ? mediaUrl(p.videoMediaId) : null,
    thumbnailUrl: p.thumbnailMediaId ? mediaUrl(p.thumbnailMediaId) : null,
    decidedBy: row.decider?.id ? row.decider : null,
    decidedAt: p.decidedAt ? p.decidedAt.toISOString() : null,
    sample: p.sample ?? false,
    canDecide: reader ? mayDecide(p, reader.readerId, reader.creatorId, reader.readerIsActive) : false,
    createdAt: p.createdAt.toISOString(),
    codeWord: p.codeWord,
    counts: p.counts,
    lookalike: lookalikeOf(row),
  };
}

/** The earlier proof this one looks like; its video only when it is in the same Pact (docs/RULES.md). */
function lookalikeOf(row: MessageRow): ChatProof['lookalike'] {
  const earlier = row.lookalike;
  if (!earlier || earlier.id == null || !row.lookalikeAuthor?.id) return null;
  return {
    proofId: earlier.id,
    sentAt: earlier.createdAt.toISOString(),
    by: row.lookalikeAuthor,
    videoUrl: earlier.pactId === row.pactId && earlier.videoMediaId ? mediaUrl(earlier.videoMediaId) : null,
  };
}

export function toChatMessage(row: MessageRow, reader: ChatReader | null): ChatMessage {
  const proof = toChatProof(row, reader);
  return {
    id: row.id,
    challengeId: row.pactId,
    userId: row.userId,
    user: row.user,
    message: row.body,
    timestamp: row.createdAt.toISOString(),
    type: row.type,
    videoUrl: proof?.videoUrl ?? null,
    proofStatus: proof?.status ?? null,
    proof,
  };
}
