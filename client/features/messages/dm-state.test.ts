import type { DirectMessage } from '@shared/api/messages';
import { describe, expect, it } from 'vitest';
import { dmReducer, initialDmState, lastIdOf, lastSeenOwnId, unreadUpTo } from './dm-state';

const dm = (id: number, from = 'coach', to = 'me', readAt: string | null = null): DirectMessage => ({
  id,
  senderId: from,
  recipientId: to,
  message: `m${id}`,
  timestamp: '2026-11-24T10:00:00.000Z',
  readAt,
  clientKey: null,
});

describe('dm state', () => {
  it('keeps messages in id order without duplicates from pages, frames and send answers', () => {
    let s = dmReducer(initialDmState, { type: 'first_page', items: [dm(5), dm(3)], nextBefore: 3 });
    s = dmReducer(s, { type: 'merge', items: [dm(6), dm(5)] });
    s = dmReducer(s, { type: 'older_page', items: [dm(2), dm(1)], nextBefore: null });
    s = dmReducer(s, { type: 'sending', clientKey: 'k', text: 'hi' });
    s = dmReducer(s, { type: 'sent', clientKey: 'k', message: dm(7, 'me', 'coach') });
    s = dmReducer(s, { type: 'merge', items: [dm(7, 'me', 'coach')] });
    expect(s.items.map((m) => m.id)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(s.pending).toEqual([]);
    expect(s.nextBefore).toBeNull();
    expect(lastIdOf(s)).toBe(7);
  });

  it('shows a send once when its live frame arrives before the send answers', () => {
    let s = dmReducer(initialDmState, { type: 'first_page', items: [dm(1)], nextBefore: null });
    s = dmReducer(s, { type: 'sending', clientKey: 'k', text: 'm2' });
    expect(s.pending).toHaveLength(1);
    const mine = { ...dm(2, 'me', 'coach'), clientKey: 'k' };
    s = dmReducer(s, { type: 'merge', items: [mine] });
    expect(s.pending).toEqual([]);
    expect(s.items.map((m) => m.id)).toEqual([1, 2]);
    s = dmReducer(s, { type: 'sent', clientKey: 'k', message: mine });
    expect(s.items.map((m) => m.id)).toEqual([1, 2]);
    expect(s.pending).toEqual([]);
  });

  it('tracks what is unread, read receipts and sends waiting in the outbox', () => {
    let s = dmReducer(initialDmState, {
      type: 'first_page',
      items: [dm(4, 'me', 'coach'), dm(3), dm(2, 'me', 'coach'), dm(1, 'coach', 'me', 'x')],
      nextBefore: null,
    });
    expect(unreadUpTo(s, 'me')).toBe(3);
    expect(lastSeenOwnId(s, 'me')).toBeNull();
    s = dmReducer(s, { type: 'read', readerId: 'coach', upTo: 2, at: 't' });
    expect(lastSeenOwnId(s, 'me')).toBe(2);
    s = dmReducer(s, { type: 'read', readerId: 'me', upTo: 3, at: 't' });
    expect(unreadUpTo(s, 'me')).toBeNull();
    s = dmReducer(s, { type: 'sending', clientKey: 'k', text: 'hello', queued: true });
    expect(s.pending).toEqual([{ clientKey: 'k', text: 'hello', status: 'queued' }]);
    // The outbox sends it: the same key, now on its way, keeps its place.
    s = dmReducer(s, { type: 'sending', clientKey: 'k', text: 'hello' });
    expect(s.pending).toEqual([{ clientKey: 'k', text: 'hello', status: 'sending' }]);
    s = dmReducer(s, { type: 'discard', clientKey: 'k' });
    expect(s.pending).toEqual([]);
  });
});
