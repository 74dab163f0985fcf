import type { Notification } from '../../../shared/api/notifications';

/** The events the notifications module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** After insert: its listener delivers it to the user's sockets ({type:'notification', notification}). */
    'notification.created': { userId: string; notification: Notification };
  }
}
