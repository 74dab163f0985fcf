import type { ChatMessage } from '@shared/api/chat';
import type { ChatProof } from '@shared/api/proofs';
import { describe, expect, it } from 'vitest';
import {
  type ChatState,
  chatItems,
  chatReducer,
  emptyChat,
  mergeMessages,
  type PendingMessage,
} from './chat-state';

const avery = { id: 'a', firstName: 'Avery', username: 'avery', profileImageUrl: null };
const blake = { id: 'b', firstName: 'Blake', username: 'blake', profileImageUrl: null };

function msg(id: number, text = `m${id}`, user = avery): ChatMessage {
  return {
    id,
    challengeId: 1,
    userId: user.id,
    user,
    message: text,
    timestamp: new Date(Date.UTC(2026, 10, 21, 10, id)).toISOString(),
    type: 'message',
    videoUrl: null,
    proofStatus: null,
    proof: null,
  };
}

function proofMsg(id: number, status: ChatProof['status'] = 'pending'): ChatMessage {
  const proof: ChatProof = {
    id: 100 + id,
    messageId: id,
    challengeId: 1,
    userId: blake.id,
    status,
    value: 30,
    recordedDay: '2026-11-21',
    videoUrl: '/media/v',
    thumbnailUrl: '/media/t',
    decidedBy: null,
    decidedAt: null,
    sample: false,
    canDecide: status === 'pending',
    createdAt: '2026-11-21T10:00:00Z',
    codeWord: 'MAPLE 47 RIVER',
    counts: true,
    lookalike: null,
  };
  return {
    ...msg(id, 'Workout proof submitted', blake),
    type: 'workout_proof',
    videoUrl: proof.videoUrl,
    proofStatus: status,
    proof,
  };
}

const page = (ids: number[], nextBefore: number | null = null) => ({
  items: ids.map((id) => msg(id)).reverse(), // newest first, as the API answers
  nextBefore,
  nextAfter: null,
});

const load = (ids: number[], nextBefore: number | null = null): ChatState =>
  chatReducer(emptyChat, { type: 'page', page: page(ids, nextBefore), mode: 'newest' });

const ids = (s: ChatState) => s.messages.map((m) => m.id);

describe('message merge', () => {
  it('orders by id and stores a message once whatever its sources', () => {
    const merged = mergeMessages(
      [msg(3), msg(1)].sort((a, b) => a.id - b.id),
      [msg(2), msg(3), msg(5)],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 5]);
  });

  it('loads the newest page, then older pages before it', () => {
    let state = load([48, 49, 50], 48);
    expect(ids(state)).toEqual([48, 49, 50]);
    expect(state.loaded).toBe(true);
    expect(state.nextBefore).toBe(48);
    state = chatReducer(state, { type: 'page', page: page([46, 47], null), mode: 'older' });
    expect(ids(state)).toEqual([46, 47, 48, 49, 50]);
    expect(state.nextBefore).toBeNull();
  });

  it('keeps socket frames that came before the first page', () => {
    let state = chatReducer(emptyChat, { type: 'upsert', messages: [msg(51)] });
    state = chatReducer(state, { type: 'page', page: page([49, 50], 49), mode: 'newest' });
    expect(ids(state)).toEqual([49, 50, 51]);
    expect(state.nextBefore).toBe(49);
  });

  it('a resync starts over from the newest page but keeps newer live messages', () => {
    let state = load([1, 2, 3]);
    state = chatReducer(state, { type: 'upsert', messages: [msg(400)] });
    state = chatReducer(state, { type: 'page', page: page([350, 351], 350), mode: 'reset' });
    expect(ids(state)).toEqual([350, 351, 400]);
    expect(state.nextBefore).toBe(350);
  });

  it('never turns a decided proof back to pending', () => {
    let state = chatReducer(emptyChat, { type: 'upsert', messages: [proofMsg(7, 'approved')] });
    state = chatReducer(state, { type: 'upsert', messages: [proofMsg(7, 'pending')] });
    expect(state.messages[0]!.proofStatus).toBe('approved');
    state = chatReducer(state, { type: 'proof', proof: proofMsg(7, 'pending').proof! });
    expect(state.messages[0]!.proof!.status).toBe('approved');
  });

  it('applies a proof status frame to its message and withdraws the buttons', () => {
    let state = chatReducer(emptyChat, { type: 'upsert', messages: [msg(6), proofMsg(7)] });
    state = chatReducer(state, { type: 'proof_status', messageId: 7, status: 'rejected', decidedBy: avery });
    const proof = state.messages[1]!;
    expect(proof.proofStatus).toBe('rejected');
    expect(proof.proof).toMatchObject({ status: 'rejected', decidedBy: avery, canDecide: false });
    expect(state.messages[0]).toEqual(msg(6));
    // A status for a message we do not hold changes nothing.
    expect(
      chatReducer(state, { type: 'proof_status', messageId: 99, status: 'approved', decidedBy: null }),
    ).toEqual(state);
  });
});

describe('pending sends', () => {
  const pending = (clientKey: string, text: string, afterId: number): PendingMessage => ({
    clientKey,
    type: 'message',
    text,
    userId: avery.id,
    user: avery,
    createdAt: '2026-11-21T10:30:00Z',
    afterId,
    status: 'sending',
  });

  it('shows a pending bubble after the messages until the server copy arrives', () => {
    let state = load([1, 2]);
    state = chatReducer(state, { type: 'pending_add', pending: pending('k1', 'hi there', 2) });
    expect(chatItems(state).map((i) => i.key)).toEqual(['m1', 'm2', 'pk1']);
    // The socket brought it first: shown once, as the server's message.
    state = chatReducer(state, { type: 'upsert', messages: [msg(3, 'hi there')] });
    expect(chatItems(state).map((i) => i.key)).toEqual(['m1', 'm2', 'm3']);
    // Then the HTTP answer: same id, still once; the pending entry goes.
    state = chatReducer(state, { type: 'upsert', messages: [msg(3, 'hi there')] });
    state = chatReducer(state, { type: 'pending_remove', clientKey: 'k1' });
    expect(chatItems(state).map((i) => i.key)).toEqual(['m1', 'm2', 'm3']);
  });

  it('does not mistake an older equal message or someone else’s for the copy', () => {
    let state = chatReducer(emptyChat, { type: 'upsert', messages: [msg(1, 'same')] });
    state = chatReducer(state, { type: 'pending_add', pending: pending('k1', 'same', 1) });
    state = chatReducer(state, { type: 'upsert', messages: [msg(2, 'same', blake)] });
    expect(chatItems(state).map((i) => i.key)).toEqual(['m1', 'm2', 'pk1']);
  });

  it('two equal pending sends each need their own copy', () => {
    let state = load([1]);
    state = chatReducer(state, { type: 'pending_add', pending: pending('k1', 'go', 1) });
    state = chatReducer(state, { type: 'pending_add', pending: pending('k2', 'go', 1) });
    state = chatReducer(state, { type: 'upsert', messages: [msg(2, 'go')] });
    expect(chatItems(state).map((i) => i.key)).toEqual(['m1', 'm2', 'pk2']);
  });

  it('updates and removes a pending proof', () => {
    let state = load([1]);
    state = chatReducer(state, {
      type: 'pending_add',
      pending: { ...pending('p1', 'Workout proof submitted', 1), type: 'workout_proof', progress: 0 },
    });
    state = chatReducer(state, { type: 'pending_update', clientKey: 'p1', changes: { progress: 0.5 } });
    expect(state.pending[0]!.progress).toBe(0.5);
    state = chatReducer(state, { type: 'pending_update', clientKey: 'p1', changes: { status: 'failed' } });
    // A failed proof is shown even if an unrelated own proof arrives.
    state = chatReducer(state, { type: 'upsert', messages: [{ ...proofMsg(2), userId: avery.id }] });
    expect(chatItems(state).map((i) => i.key)).toEqual(['m1', 'm2', 'pp1']);
    state = chatReducer(state, { type: 'pending_remove', clientKey: 'p1' });
    expect(state.pending).toEqual([]);
  });
});
