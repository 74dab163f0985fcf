/** The events the messages module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** A direct message was stored; both people's sockets are told (messages/listeners.ts). */
    'dm.message_created': { messageId: number; senderId: string; recipientId: string };
    /** `readerId` read what `otherId` sent them, up to `upTo`. */
    'dm.read': { readerId: string; otherId: string; upTo: number };
  }
}

export {};
