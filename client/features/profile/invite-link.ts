import type { ShareData } from '../pacts/invite';

/** The profile's invite: a link to your own page, where a friend who signs in can add you. */
export function profileInvite(origin: string, me: { id: string; firstName?: string | null }): ShareData {
  const name = me.firstName?.trim();
  return {
    title: 'SweatPact',
    text: `${name ? `${name} invites you` : 'Join me'} on SweatPact: workout challenges with friends. Add me and let’s keep each other honest!`,
    url: `${origin.replace(/\/+$/, '')}/user/${encodeURIComponent(me.id)}`,
  };
}
