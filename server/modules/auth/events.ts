/** The events the auth module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** A session ended (sign-out), or every session of the user when sessionId is absent: its sockets close. */
    'session.revoked': { userId: string; sessionId?: string };
  }
}

export {};
