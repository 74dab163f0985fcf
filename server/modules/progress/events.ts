export {};

/** The events the progress module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /**
     * A user's stored progress figures were recomputed: the user's screens and those of the people who just
     * decided their proofs (`watchers`) refresh what shows them (progress/listeners.ts, a `changed` frame).
     */
    'progress.updated': { userId: string; watchers: string[] };
  }
}
