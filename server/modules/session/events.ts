/** The events about who may see what, published by any module (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /**
     * Someone's access to Pacts may have changed in a way only a re-check can tell (a block, an ended
     * friendship, a lost team subscription): their sockets re-check each room they hold.
     */
    'access.changed': { userId: string };
  }
}

export {};
