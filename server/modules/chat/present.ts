import type { ChatMessage, ChatProof } from '../../../shared/api/chat';
import { mediaUrl } from '../../../shared/api/media';
import { mayDecide } from '../proofs/policy';
import type { MessageRow } from './repo';

/** Turns message rows into the shared ChatMessage shape for one reader (only `canDecide` depends on them). */

/** Who reads, as far as deciding proofs goes (proofs/policy.ts mayDecide). */
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
