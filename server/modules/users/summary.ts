/**
 * The user summary every list shows beside a name (author of a message, creator of a Pact, a friend, a
 * decider...), selected the same way everywhere: pass `users` or an alias of it. The users module owns the
 * table; this is the read model other modules' queries use for it.
 */

type UserColumns = { id: unknown; firstName: unknown; lastName: unknown; username: unknown; image: unknown };

type Summary<T extends UserColumns> = {
  id: T['id'];
  firstName: T['firstName'];
  username: T['username'];
  profileImageUrl: T['image'];
};

/** id, firstName, username, profileImageUrl. */
export function userSummary<T extends UserColumns>(u: T): Summary<T> {
  return { id: u.id, firstName: u.firstName, username: u.username, profileImageUrl: u.image };
}

/** The summary with lastName, for lists that show full names. */
export function userNames<T extends UserColumns>(u: T): Summary<T> & { lastName: T['lastName'] } {
  return { ...userSummary(u), lastName: u.lastName };
}

/** A person's progress figures as the users row keeps them (written by progress through users/service). */
export interface ProgressFigures {
  streakCount: number;
  streakPoints: number;
  totalWorkouts: number;
  totalXP: number;
  level: number;
  /** Streak freezes held (0 to 2), and the days one was used on (the calendar shows them frozen). */
  streakFreezes: number;
  frozenDays: string[];
}
