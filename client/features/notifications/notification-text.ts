import type { Notification } from '@shared/api/notifications';

/** The sentence a notification reads in the profile's notifications dialog. */

type NotificationLike = Pick<Notification, 'type' | 'actor' | 'pact' | 'data'>;

export function actorName(n: Pick<Notification, 'actor'>): string {
  return n.actor?.firstName?.trim() || n.actor?.username || 'Someone';
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
    case 'proof_approved':
      return `Your proof in ${pactTitle(n)} was approved`;
    case 'proof_rejected':
      return `Your proof in ${pactTitle(n)} was rejected`;
    case 'pact_joined':
      return `${actorName(n)} joined ${pactTitle(n)}`;
    case 'trial_ending':
      return 'Your trial ends tomorrow';
    default:
      return 'New notification';
  }
}

const ABOUT_A_PERSON: ReadonlySet<Notification['type']> = new Set(['friend_request', 'friend_added']);

/** Where tapping a notification leads: the person's page (friend requests), the Pact's chat, or nowhere. */
export function notificationHref(n: NotificationLike): string | null {
  if (ABOUT_A_PERSON.has(n.type)) return n.actor ? `/user/${n.actor.id}` : null;
  if (n.type !== 'trial_ending' && n.pact) return `/chat/${n.pact.id}`;
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
