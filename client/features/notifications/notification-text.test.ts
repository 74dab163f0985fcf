import type { Notification } from '@shared/api/notifications';
import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../lib/relative-time';
import { awaitsAnswer, notificationHref, notificationText, unreadBadge } from './notification-text';
import { unseenIds } from './use-mark-seen';

const maya = { id: 'u-maya', firstName: 'Maya', username: 'maya', profileImageUrl: null };
const leo = { id: 'u-leo', firstName: null, username: 'leo', profileImageUrl: null };
const pact = { id: 7, title: 'Squat Month' };
const n = (over: Partial<Notification>): Notification => ({
  id: 1,
  type: 'friend_added',
  actor: maya,
  pact: null,
  data: {},
  read: false,
  createdAt: '2026-03-02T10:00:00Z',
  ...over,
});

describe('notificationText', () => {
  it('reads each type', () => {
    expect(notificationText(n({ type: 'friend_request' }))).toBe('Maya sent you a friend request');
    expect(notificationText(n({ type: 'friend_added' }))).toBe('Maya accepted your friend request');
    expect(notificationText(n({ type: 'proof_approved', pact }))).toBe(
      'Your proof in Squat Month was approved',
    );
    expect(notificationText(n({ type: 'proof_rejected', pact }))).toBe(
      'Your proof in Squat Month was rejected',
    );
    expect(notificationText(n({ type: 'pact_joined', actor: leo, pact }))).toBe('leo joined Squat Month');
    expect(notificationText(n({ type: 'trial_ending', actor: null }))).toBe('Your trial ends tomorrow');
    expect(notificationText(n({ type: 'direct_message' }))).toBe('Maya sent you a message');
  });
  it('names the team and the amount of billing notifications', () => {
    const data = { teamId: 4, teamName: 'Iron Crew' };
    expect(notificationText(n({ type: 'payment_failed', actor: null, data }))).toBe(
      'Your payment for Iron Crew failed: your access continues for 3 days while it is retried',
    );
    expect(
      notificationText(
        n({ type: 'subscription_canceled', actor: null, data: { ...data, reason: 'canceled' } }),
      ),
    ).toBe('Your subscription to Iron Crew has ended');
    expect(
      notificationText(
        n({ type: 'subscription_canceled', actor: null, data: { ...data, reason: 'expired' } }),
      ),
    ).toBe('Your access to Iron Crew has ended: the payment did not go through');
    expect(
      notificationText(
        n({
          type: 'subscription_canceled',
          actor: null,
          data: { ...data, reason: 'test_billing_ended', periodEnd: '2026-12-05T12:00:00.000Z' },
        }),
      ),
    ).toBe(
      'Test billing has ended on this server: your access to Iron Crew ends on Dec 5, 2026. Subscribe for real to keep it',
    );
    expect(
      notificationText(
        n({ type: 'subscription_renewed', actor: null, data: { ...data, amountCents: 2900 } }),
      ),
    ).toBe('Your subscription to Iron Crew renewed: $29.00 paid');
    expect(notificationText(n({ type: 'subscription_renewed', actor: null, data: {} }))).toBe(
      'Your subscription to your team renewed',
    );
  });
  it('stays readable when the Pact or the actor is gone', () => {
    expect(notificationText(n({ type: 'proof_approved', pact: null }))).toBe(
      'Your proof in a Pact was approved',
    );
    expect(notificationText(n({ type: 'friend_added', actor: null }))).toBe(
      'Someone accepted your friend request',
    );
  });
});

describe('notificationHref', () => {
  it('leads to the friend or the Pact chat', () => {
    expect(notificationHref(n({ type: 'friend_added' }))).toBe('/user/u-maya');
    expect(notificationHref(n({ type: 'friend_request' }))).toBe('/user/u-maya');
    expect(notificationHref(n({ type: 'friend_request', actor: null, pact }))).toBeNull();
    expect(notificationHref(n({ type: 'direct_message' }))).toBe('/messages/u-maya');
    expect(notificationHref(n({ type: 'direct_message', actor: null }))).toBeNull();
    expect(notificationHref(n({ type: 'proof_approved', pact }))).toBe('/chat/7');
    expect(notificationHref(n({ type: 'pact_joined', pact }))).toBe('/chat/7');
    expect(notificationHref(n({ type: 'proof_pending', pact, data: { messageId: 31, proofId: 4 } }))).toBe(
      '/chat/7#message-31',
    );
    expect(notificationText(n({ type: 'proof_pending', actor: leo, pact }))).toBe(
      'leo posted proof in Squat Month: review it',
    );
    expect(notificationHref(n({ type: 'proof_rejected', pact: null }))).toBeNull();
    expect(notificationHref(n({ type: 'trial_ending', actor: null }))).toBeNull();
    expect(notificationHref(n({ type: 'trial_ending', actor: null, data: { teamId: 4 } }))).toBe('/teams/4');
    expect(notificationHref(n({ type: 'payment_failed', actor: null, pact, data: { teamId: 4 } }))).toBe(
      '/teams/4',
    );
    expect(
      notificationHref(n({ type: 'subscription_canceled', actor: null, data: { teamId: 'x' } })),
    ).toBeNull();
  });
});

describe('awaitsAnswer', () => {
  it('offers Accept and Decline only on a friend request that still waits', () => {
    expect(awaitsAnswer(n({ type: 'friend_request', friendRequest: 'pending' }))).toBe(true);
    expect(awaitsAnswer(n({ type: 'friend_request', friendRequest: 'friends' }))).toBe(false);
    expect(awaitsAnswer(n({ type: 'friend_request', friendRequest: 'closed' }))).toBe(false);
    expect(awaitsAnswer(n({ type: 'friend_request', friendRequest: 'pending', actor: null }))).toBe(false);
    expect(awaitsAnswer(n({ type: 'friend_added' }))).toBe(false);
  });
});

describe('badge and unseen ids', () => {
  it('shows 1..9 then 9+, nothing for zero', () => {
    expect([0, 1, 9, 10, 250, -1].map(unreadBadge)).toEqual([null, '1', '9', '9+', '9+', null]);
    expect(unreadBadge(undefined)).toBeNull();
  });
  it('picks unread ids not sent yet', () => {
    const items = [n({ id: 1 }), n({ id: 2, read: true }), n({ id: 3 })];
    expect(unseenIds(items, new Set([3]))).toEqual([1]);
    expect(unseenIds(items, new Set())).toEqual([1, 3]);
    const many = Array.from({ length: 150 }, (_, i) => n({ id: i + 1 }));
    expect(unseenIds(many, new Set())).toHaveLength(100);
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('reads recent instants', () => {
    expect(relativeTime('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-03-10T12:00:30Z', now)).toBe('just now');
    expect(relativeTime('2026-03-10T11:55:00Z', now)).toBe('5m ago');
    expect(relativeTime('2026-03-10T09:00:00Z', now)).toBe('3h ago');
    expect(relativeTime('2026-03-09T11:00:00Z', now)).toBe('Yesterday');
    expect(relativeTime('2026-03-06T12:00:00Z', now)).toBe('4d ago');
  });
  it('falls back to a date after a week, with the year when it differs', () => {
    expect(relativeTime('2026-03-01T12:00:00Z', now)).toBe('Mar 1');
    expect(relativeTime('2025-12-24T12:00:00Z', now)).toBe('Dec 24, 2025');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
