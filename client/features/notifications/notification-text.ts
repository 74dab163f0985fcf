import type { Notification } from '@shared/api/notifications';

/** The sentence a notification reads in the profile's notifications dialog (DECISIONS 10). */

type NotificationLike = Pick<Notification, 'type' | 'actor' | 'pact' | 'data'>;

function actorName(n: NotificationLike): string {
  return n.actor?.firstName?.trim() || n.actor?.username || 'Someone';
}

/** The Pact's title, or a neutral phrase when the caller may no longer see the Pact. */
function pactTitle(n: NotificationLike): string {
  return n.pact?.title ?? 'a Pact';
}

export function notificationText(n: NotificationLike): string {
  switch (n.type) {
    case 'friend_added':
      return `${actorName(n)} added you as a friend`;
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

/** Where tapping a notification leads: the friend's page, the Pact's chat, or nowhere. */
export function notificationHref(n: NotificationLike): string | null {
  if (n.type === 'friend_added' && n.actor) return `/user/${n.actor.id}`;
  if (n.type !== 'trial_ending' && n.type !== 'friend_added' && n.pact) return `/chat/${n.pact.id}`;
  return null;
}

/** The bell's badge: the count up to 9, then '9+'; nothing for zero. */
export function unreadBadge(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
