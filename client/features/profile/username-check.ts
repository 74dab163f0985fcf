import { normaliseUsername, usernameProblem, usernameProblemText } from '@shared/domain/username';

/** What the username field says as the person types (before and after the server's availability answer). */
export type UsernameCheck =
  | { state: 'unchanged'; name: string }
  | { state: 'invalid'; name: string; message: string }
  | { state: 'checking'; name: string }
  | { state: 'available'; name: string }
  | { state: 'taken'; name: string; message: string };

/**
 * The local part of the check: the shape and reserved words are known without asking (shared/domain/username.ts),
 * the person's current name needs no check; anything else waits for the server's answer.
 */
export function localUsernameCheck(typed: string, current: string): UsernameCheck {
  const name = normaliseUsername(typed);
  if (name === current.toLowerCase()) return { state: 'unchanged', name };
  const problem = usernameProblem(name);
  if (problem) return { state: 'invalid', name, message: usernameProblemText(problem) };
  return { state: 'checking', name };
}

/** The username to send with a save: only a changed, available one. */
export function usernameToSave(check: UsernameCheck): string | undefined {
  return check.state === 'available' ? check.name : undefined;
}

/** Save waits while the name is being checked and refuses one that cannot be taken. */
export const usernameBlocksSave = (check: UsernameCheck): boolean =>
  check.state === 'invalid' || check.state === 'checking' || check.state === 'taken';
