/** The events the users module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** Progress recomputes the user's days and streaks in the new zone. */
    'user.time_zone_changed': { userId: string; from: string; to: string };
    /** Names, bio or time zone changed: cached sessions of the user are dropped on every instance. */
    'user.profile_changed': { userId: string };
  }
}

export {};
