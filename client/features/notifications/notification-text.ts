import type { Notification } from '@shared/api/notifications';
import { reviewUrl } from '@shared/api/push';
import { PAST_DUE_GRACE_DAYS } from '@shared/domain/limits';
import { billingDate } from '../teams/team-format';

/** The sentence a notification reads in the profile's notifications dialog. */

type NotificationLike = Pick<Notification, 'type' | 'actor' | 'pact' | 'data'>;

export function actorName(n: Pick<Notification, 'actor'>): string {
  return n.actor?.firstName?.trim() || n.actor?.username || 'Someone';
}

/** The team a billing notification is about (its name when it was sent), or a neutral phrase. */
function teamName(n: NotificationLike): string {
  const name = n.data.teamName;
  return typeof name === 'string' && name.trim() ? name : 'your team';
}

function dollars(cents: unknown): string | null {
  return typeof cents === 'number' && Number.isFinite(cents) ? `$${(cents / 100).toFixed(2)}` : null;
}

/** The Pact's title, or a neutral phrase when the caller may no longer see the Pact. */
function pactTitle(n: NotificationLike): string {
  return n.pact?.title ?? 'a Pact';
}

export function notificationText(n: NotificationLike): string {
  switch (n.type) {
    case 'friend_request':
      return `${actorName(n)} sent you a friend request`;
    case 'friend_added':
      return `${actorName(n)} accepted your friend request`;
    case 'proof_pending':
      return `${actorName(n)} posted proof in ${pactTitle(n)}: review it`;
    case 'proof_approved':
      return `Your proof in ${pactTitle(n)} was approved`;
    case 'proof_rejected':
      return `Your proof in ${pactTitle(n)} was rejected`;
    case 'pact_joined':
      return `${actorName(n)} joined ${pactTitle(n)}`;
    case 'trial_ending':
      return 'Your trial ends tomorrow';
    case 'payment_failed':
      return `Your payment for ${teamName(n)} failed: your access continues for ${PAST_DUE_GRACE_DAYS} days while it is retried`;
    case 'subscription_canceled':
      if (n.data.reason === 'test_billing_ended') {
        const end =
          typeof n.data.periodEnd === 'string' ? ` on ${billingDate(n.data.periodEnd)}` : ' with its period';
        return `Test billing has ended on this server: your access to ${teamName(n)} ends${end}. Subscribe for real to keep it`;
      }
      return n.data.reason === 'canceled'
        ? `Your subscription to ${teamName(n)} has ended`
        : `Your access to ${teamName(n)} has ended: the payment did not go through`;
    case 'subscription_renewed': {
      const amount = dollars(n.data.amountCents);
      return amount
        ? `Your subscription to ${teamName(n)} renewed: ${amount} paid`
        : `Your subscription to ${teamName(n)} renewed`;
    }
    case 'direct_message':
      return `${actorName(n)} sent you a message`;
    default:
      return 'New notification';
  }
}

const ABOUT_A_PERSON: ReadonlySet<Notification['type']> = new Set(['friend_request', 'friend_added']);
const ABOUT_A_TEAM: ReadonlySet<Notification['type']> = new Set([
  'trial_ending',
  'payment_failed',
  'subscription_canceled',
  'subscription_renewed',
]);

/**
 * Where tapping a notification leads: the person's page (friend requests), the conversation (a direct message),
 * the team's page (billing: trial, payments, the end), the Pact's chat (at the proof, for one to review), or nowhere.
 */
export function notificationHref(n: NotificationLike): string | null {
  if (ABOUT_A_PERSON.has(n.type)) return n.actor ? `/user/${n.actor.id}` : null;
  if (n.type === 'direct_message') return n.actor ? `/messages/${n.actor.id}` : null;
  if (ABOUT_A_TEAM.has(n.type)) {
    const teamId = n.data.teamId;
    return typeof teamId === 'number' && Number.isInteger(teamId) && teamId > 0 ? `/teams/${teamId}` : null;
  }
  if (n.pact && n.type === 'proof_pending') {
    const messageId = n.data.messageId;
    return reviewUrl(n.pact.id, typeof messageId === 'number' ? messageId : null);
  }
  if (n.pact) return `/chat/${n.pact.id}`;
  return null;
}

/** A friend request still waiting for the reader: its notification offers Accept and Decline. */
export const awaitsAnswer = (n: Pick<Notification, 'type' | 'actor' | 'friendRequest'>): boolean =>
  n.type === 'friend_request' && n.friendRequest === 'pending' && n.actor !== null;

/** The bell's badge: the count up to 9, then '9+'; nothing for zero. */
export function unreadBadge(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
