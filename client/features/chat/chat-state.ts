import type { ChatMessage, MessagePage } from '@shared/api/chat';
import type { UserSummary } from '@shared/api/pacts';
import type { ChatProof, ProofStatus } from '@shared/api/proofs';

/**
 * The chat's messages as one ordered list, fed from three sources that overlap: HTTP pages, socket frames and the
 * answers to our own sends. Everything is keyed by message id (ids only grow), so a message arriving twice is
 * stored once; a sent message shows at once as a pending bubble until the server's copy arrives.
 */

export interface PendingMessage {
  clientKey: string;
  type: 'message' | 'workout_proof';
  text: string;
  userId: string;
  user: UserSummary;
  createdAt: string;
  /** The highest message id known when it was sent: its server copy has a higher id. */
  afterId: number;
  /** 'queued': typed offline, waiting in the outbox (lib/outbox.ts) to be sent once the network is back. */
  status: 'sending' | 'failed' | 'queued';
  /** Proofs: upload progress 0..1 and the value claimed. */
  progress?: number;
  value?: number;
}

export interface ChatState {
  /** Ascending by id, no duplicates. */
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** Cursor for the next older page; null when the oldest message is loaded. */
  nextBefore: number | null;
  loaded: boolean;
}

export const emptyChat: ChatState = { messages: [], pending: [], nextBefore: null, loaded: false };

export type ChatAction =
  | { type: 'page'; page: MessagePage; mode: 'newest' | 'older' | 'reset' }
  | { type: 'upsert'; messages: ChatMessage[] }
  | { type: 'proof'; proof: ChatProof }
  | {
      type: 'proof_status';
      messageId: number;
      status: ProofStatus;
      decidedBy: UserSummary | null;
    }
  | { type: 'pending_add'; pending: PendingMessage }
  | { type: 'pending_update'; clientKey: string; changes: Partial<PendingMessage> }
  | { type: 'pending_remove'; clientKey: string };

/** A decided proof never goes back to pending: a late or replayed copy must not undo a decision. */
function mergeMessage(old: ChatMessage | undefined, next: ChatMessage): ChatMessage {
  if (!old) return next;
  if (old.proofStatus && old.proofStatus !== 'pending' && next.proofStatus === 'pending') {
    return { ...next, proofStatus: old.proofStatus, proof: old.proof };
  }
  return next;
}

/** Merges messages into an ascending, de-duplicated list. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map<number, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, mergeMessage(byId.get(m.id), m));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function maxMessageId(messages: readonly { id: number }[]): number {
  let max = 0;
  for (const m of messages) if (m.id > max) max = m.id;
  return max;
}

function updateProof(
  messages: ChatMessage[],
  messageId: number,
  change: (m: ChatMessage) => ChatMessage,
): ChatMessage[] {
  const index = messages.findIndex((m) => m.id === messageId);
  if (index < 0) return messages;
  const next = messages.slice();
  next[index] = change(messages[index]!);
  return next;
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'page': {
      const items = action.page.items;
      if (action.mode === 'older') {
        return {
          ...state,
          messages: mergeMessages(state.messages, items),
          nextBefore: action.page.nextBefore,
        };
      }
      if (action.mode === 'reset') {
        // A resync: what we held may have a gap, so start again from the newest page (plus newer live ones).
        const newest = maxMessageId(items);
        const newer = state.messages.filter((m) => m.id > newest);
        return {
          ...state,
          messages: mergeMessages(items.slice().reverse(), newer),
          nextBefore: action.page.nextBefore,
          loaded: true,
        };
      }
      return {
        ...state,
        messages: mergeMessages(state.messages, items),
        nextBefore: state.loaded ? state.nextBefore : action.page.nextBefore,
        loaded: true,
      };
    }
    case 'upsert':
      return { ...state, messages: mergeMessages(state.messages, action.messages) };
    case 'proof': {
      const { proof } = action;
      return {
        ...state,
        messages: updateProof(state.messages, proof.messageId, (m) =>
          m.proofStatus && m.proofStatus !== 'pending' && proof.status === 'pending'
            ? m
            : { ...m, proof, proofStatus: proof.status, videoUrl: proof.videoUrl },
        ),
      };
    }
    case 'proof_status':
      return {
        ...state,
        messages: updateProof(state.messages, action.messageId, (m) => ({
          ...m,
          proofStatus: action.status,
          proof: m.proof
            ? {
                ...m.proof,
                status: action.status,
                decidedBy: action.decidedBy,
                canDecide: action.status === 'pending' ? m.proof.canDecide : false,
              }
            : m.proof,
        })),
      };
    case 'pending_add':
      return { ...state, pending: [...state.pending, action.pending] };
    case 'pending_update':
      return {
        ...state,
        pending: state.pending.map((p) =>
          p.clientKey === action.clientKey ? { ...p, ...action.changes } : p,
        ),
      };
    case 'pending_remove':
      return { ...state, pending: state.pending.filter((p) => p.clientKey !== action.clientKey) };
  }
}

export type ChatItem =
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'pending'; key: string; pending: PendingMessage };

/**
 * What the screen lists: the messages in id order, then our pending sends. A pending send whose server copy already
 * came over the socket (same author, kind and text, newer than when it was sent) is hidden, so it never shows twice
 * while its HTTP answer is still on the way.
 */
export function chatItems(state: ChatState): ChatItem[] {
  const items: ChatItem[] = state.messages.map((m) => ({ kind: 'message', key: `m${m.id}`, message: m }));
  const claimed = new Set<number>();
  for (const p of state.pending) {
    const copy =
      p.status === 'sending'
        ? state.messages.find(
            (m) =>
              !claimed.has(m.id) &&
              m.id > p.afterId &&
              m.userId === p.userId &&
              m.type === p.type &&
              (p.type === 'workout_proof' || m.message === p.text),
          )
        : undefined;
    if (copy) claimed.add(copy.id);
    else items.push({ kind: 'pending', key: `p${p.clientKey}`, pending: p });
  }
  return items;
}
