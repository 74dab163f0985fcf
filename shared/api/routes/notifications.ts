import { markReadBody, markReadResponse, notificationPage, notificationsQuery } from '../notifications';
import {
  pushPublicKey,
  pushSubscribed,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  pushUnsubscribed,
} from '../push';
import { defineRoutes } from '../route';

/** In-app notifications, and the Web Push subscriptions of the caller's devices. */
export const notificationsRoutes = defineRoutes('notifications', {
  list: {
    summary: "The caller's notifications, newest first, 20 a page, with the unread count",
    auth: 'user',
    query: notificationsQuery,
    answers: { 200: notificationPage },
  },
  markRead: {
    summary: 'Mark some notifications read, or all',
    auth: 'user',
    body: markReadBody,
    answers: { 200: markReadResponse },
    errors: { 404: 'An id is not one of the caller; nothing changed.' },
  },
  pushKey: {
    summary: "The server's VAPID public key, the browser's applicationServerKey for push reminders",
    auth: 'user',
    answers: { 200: pushPublicKey },
  },
  subscribePush: {
    summary: "Store this device's push subscription for the caller (workout reminders)",
    description:
      "The endpoint must be an https:// URL of a browser's push service and the keys a P-256 public key and a " +
      '16-byte secret; anything else is a 400 and nothing is stored. An endpoint another user had moves to the ' +
      'caller (one device, one person signed in).',
    auth: 'user',
    body: pushSubscriptionBody,
    answers: { 200: pushSubscribed },
  },
  unsubscribePush: {
    summary: "Remove this device's push subscription (only the caller's own)",
    auth: 'user',
    body: pushUnsubscribeBody,
    answers: { 200: pushUnsubscribed },
  },
});
