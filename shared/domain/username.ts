/**
 * Usernames (docs/PACTS.md, "Usernames"): what a person may choose as their @handle. 3 to 20 characters of a-z,
 * 0-9, underscore and dot, starting with a letter or digit, no dot at the end and no two dots in a row; stored in
 * lower case and unique regardless of case. Some words are reserved (they would pass for the app or its staff).
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9_]|\.(?!\.))*[a-z0-9_]$/;

const RESERVED = new Set([
  'admin',
  'administrator',
  'ai_trainer',
  'aitrainer',
  'api',
  'demo',
  'help',
  'me',
  'mod',
  'moderator',
  'null',
  'official',
  'root',
  'settings',
  'staff',
  'support',
  'sweatpact',
  'sweatpacthelp',
  'sweatpact_help',
  'system',
  'team',
  'trainer',
  'undefined',
]);

/** What a typed username becomes before it is checked: trimmed, an @ in front dropped, lower case. */
export function normaliseUsername(typed: string): string {
  return typed.trim().replace(/^@/, '').toLowerCase();
}

export type UsernameProblem = 'too_short' | 'too_long' | 'characters' | 'reserved';

/** Why a (normalised) username cannot be chosen, or null when its shape is fine (it may still be taken). */
export function usernameProblem(name: string): UsernameProblem | null {
  if (name.length < USERNAME_MIN_LENGTH) return 'too_short';
  if (name.length > USERNAME_MAX_LENGTH) return 'too_long';
  if (!USERNAME_PATTERN.test(name)) return 'characters';
  if (RESERVED.has(name) || RESERVED.has(name.replace(/[._]/g, ''))) return 'reserved';
  return null;
}

export const USERNAME_TAKEN_MESSAGE = 'That username is taken';

/** The sentence for each problem, as the field and the API say it. */
export function usernameProblemText(problem: UsernameProblem | 'taken'): string {
  switch (problem) {
    case 'too_short':
      return `Use at least ${USERNAME_MIN_LENGTH} characters`;
    case 'too_long':
      return `Use at most ${USERNAME_MAX_LENGTH} characters`;
    case 'characters':
      return 'Use letters a-z, digits, _ and . (not at the start or end, no two dots in a row)';
    case 'reserved':
      return 'That username is reserved';
    case 'taken':
      return USERNAME_TAKEN_MESSAGE;
  }
}
