import type { ProgressFigures } from '../users/summary';

/** The events the progress module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** A user's stored progress figures changed (leaderboards and profiles may refresh). */
    'progress.updated': { userId: string } & ProgressFigures;
  }
}
