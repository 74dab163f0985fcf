import type { UsernameAvailability } from '../../../shared/api/users';
import {
  normaliseUsername,
  USERNAME_TAKEN_MESSAGE,
  usernameProblem,
  usernameProblemText,
} from '../../../shared/domain/username';
import type { AppContext } from '../../context';
import { conflict } from '../../platform/errors';
import * as repo from './repo';

/**
 * Chosen usernames (docs/PACTS.md, "Usernames"). The shape and reserved words are shared/domain/username.ts; here
 * the one rule the database keeps: nobody else holds the name, regardless of case (unique index on lower(username)).
 */

/** GET /api/user/username-availability: checked as the person types; their own name is available to them. */
export async function usernameAvailability(
  ctx: AppContext,
  meId: string,
  typed: string,
): Promise<UsernameAvailability> {
  const username = normaliseUsername(typed);
  const problem = usernameProblem(username);
  if (problem) return { username, available: false, problem, message: usernameProblemText(problem) };
  const holder = await repo.usernameHolder(ctx.db, username);
  if (holder && holder !== meId)
    return { username, available: false, problem: 'taken', message: USERNAME_TAKEN_MESSAGE };
  return { username, available: true, problem: null, message: null };
}

/** Before a profile change that sets a username: taken by someone else is a clear 409. */
export async function assertUsernameFree(ctx: AppContext, meId: string, username: string) {
  const holder = await repo.usernameHolder(ctx.db, username);
  if (holder && holder !== meId) throw conflict(USERNAME_TAKEN_MESSAGE);
}

/** Runs the profile write; a racing user who took the same name a moment before makes it the same 409. */
export async function withUsernameRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (repo.isUsernameRace(err)) throw conflict(USERNAME_TAKEN_MESSAGE);
    throw err;
  }
}
