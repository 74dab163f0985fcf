import { markReadBody, markReadResponse, notificationPage, notificationsQuery } from '../notifications';
import { defineRoutes } from '../route';

/** In-app notifications. */
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
});
