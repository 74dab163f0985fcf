/** The events the safety module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** The pair no longer sees each other anywhere; their sockets re-check rooms ('access.changed'). */
    'user.blocked': { blockerId: string; blockedId: string };
    /** The user is banned and every session of theirs ended. */
    'user.banned': { userId: string; byId: string };
  }
}

export {};
