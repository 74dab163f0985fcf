/** The events the pacts module publishes (after commit); listeners are registered in each module's listeners.ts. */
declare module '../../platform/events' {
  interface DomainEvents {
    /** Someone (creator included, at creation no event) became an active participant; notifies the creator. */
    'pact.member_joined': { pactId: number; userId: string; creatorId: string };
    /** A participant left; progress recomputes their schedule and streak; their sockets leave the room. */
    'pact.member_left': { pactId: number; userId: string };
    /** A Pact's settings changed (hiding takes it from non-participants): its room re-checks every socket. */
    'pact.updated': { pactId: number };
    /** A Pact was deleted with its participations and proofs; progress recomputes its former members. */
    'pact.deleted': { pactId: number; creatorId: string; memberIds: string[] };
  }
}

export {};
