import type { PushSubscriptionBody } from '@shared/api/push';
import { api } from './client';

/** Web Push subscriptions of this device (the server keeps one row per device, routes.notifications). */
export const pushCalls = {
  publicKey: () => api.notifications.pushKey().then((answer) => answer.publicKey),
  subscribe: (body: PushSubscriptionBody) => api.notifications.subscribePush({ body }),
  unsubscribe: (endpoint: string) => api.notifications.unsubscribePush({ body: { endpoint } }),
};
