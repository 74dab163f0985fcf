import type { DirectMessage } from '@shared/api/messages';

/**
 * A conversation's messages, merged from pages, sends and frames: kept in id order, de-duplicated by id (a frame
 * and the send's answer bring the same message), with the sends still on their way or failed. A stored message
 * carrying a pending send's clientKey replaces it, whichever arrives first: the live frame or the send's answer.
 */

export interface PendingDm {
  clientKey: string;
  text: string;
  /** 'queued': typed offline, waiting in the outbox (lib/outbox.ts) until the network is back. */
  status: 'sending' | 'queued';
}

export interface DmState {
  items: DirectMessage[];
  /** Cursor for older messages; null when the start of the conversation is loaded. */
  nextBefore: number | null;
  loaded: boolean;
  pending: PendingDm[];
}

export const initialDmState: DmState = { items: [], nextBefore: null, loaded: false, pending: [] };

export type DmAction =
  | { type: 'first_page'; items: DirectMessage[]; nextBefore: number | null }
  | { type: 'older_page'; items: DirectMessage[]; nextBefore: number | null }
  | { type: 'merge'; items: DirectMessage[] }
  /** `readerId` read every message sent to them up to `upTo`. */
  | { type: 'read'; readerId: string; upTo: number; at: string }
  /** A send on its way, or (`queued`) one waiting in the outbox; the same clientKey updates its status. */
  | { type: 'sending'; clientKey: string; text: string; queued?: boolean }
  | { type: 'sent'; clientKey: string; message: DirectMessage }
  | { type: 'discard'; clientKey: string };

/** Messages arrived (a page, a frame, the send's answer): the pending copies they confirm go (by clientKey). */
function arrived(state: DmState, incoming: DirectMessage[]): Pick<DmState, 'items' | 'pending'> {
  const keys = new Set(incoming.map((m) => m.clientKey).filter((k): k is string => k !== null));
  return {
    items: merge(state.items, incoming),
    pending: keys.size === 0 ? state.pending : state.pending.filter((p) => !keys.has(p.clientKey)),
  };
}

/** Adds a pending send, or updates the status of one already shown (in its place: the order typed). */
function withPending(pending: PendingDm[], a: { clientKey: string; text: string; queued?: boolean }) {
  const next: PendingDm = { clientKey: a.clientKey, text: a.text, status: a.queued ? 'queued' : 'sending' };
  return pending.some((p) => p.clientKey === a.clientKey)
    ? pending.map((p) => (p.clientKey === a.clientKey ? next : p))
    : [...pending, next];
}

function merge(current: DirectMessage[], incoming: DirectMessage[]): DirectMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  // A later copy (read receipt applied) wins over an earlier one.
  for (const m of incoming) byId.set(m.id, { ...m, readAt: m.readAt ?? byId.get(m.id)?.readAt ?? null });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function dmReducer(state: DmState, action: DmAction): DmState {
  switch (action.type) {
    case 'first_page':
      return { ...state, ...arrived(state, action.items), nextBefore: action.nextBefore, loaded: true };
    case 'older_page':
      return { ...state, ...arrived(state, action.items), nextBefore: action.nextBefore };
    case 'merge':
      return { ...state, ...arrived(state, action.items) };
    case 'read':
      return {
        ...state,
        items: state.items.map((m) =>
          m.recipientId === action.readerId && m.id <= action.upTo && !m.readAt
            ? { ...m, readAt: action.at }
            : m,
        ),
      };
    case 'sending':
      // Already confirmed (a retry of a message whose frame came first): nothing is pending.
      if (state.items.some((m) => m.clientKey === action.clientKey)) return state;
      return { ...state, pending: withPending(state.pending, action) };
    case 'sent':
      return {
        ...state,
        ...arrived(state, [action.message]),
        pending: state.pending.filter((p) => p.clientKey !== action.clientKey),
      };
    case 'discard':
      return { ...state, pending: state.pending.filter((p) => p.clientKey !== action.clientKey) };
  }
}

/** The newest id of the conversation, the point to catch up from after a dropped link. */
export const lastIdOf = (state: DmState): number | undefined => state.items.at(-1)?.id;

/** Their newest message the caller has not marked read yet, if any. */
export function unreadUpTo(state: DmState, meId: string): number | null {
  let upTo: number | null = null;
  for (const m of state.items) if (m.recipientId === meId && !m.readAt) upTo = m.id;
  return upTo;
}

/** The caller's last message the other person has read (the "Seen" mark goes under it). */
export function lastSeenOwnId(state: DmState, meId: string): number | null {
  for (let i = state.items.length - 1; i >= 0; i -= 1) {
    const m = state.items[i]!;
    if (m.senderId === meId && m.readAt) return m.id;
  }
  return null;
}
