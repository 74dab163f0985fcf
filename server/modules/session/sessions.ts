import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './repo';

/** Which of these session ids are still valid (the socket gateway closes the others' sockets). */
export function liveSessions(ctx: AppContext, ids: string[]): Promise<Set<string>> {
  return repo.liveSessions(ctx.db, ids);
}

/** The signed-in person's account as the auth answers show it; 401 when it is gone. */
export async function currentUser(app: FastifyInstance, userId: string) {
  const user = await repo.findAuthUser(app.ctx.db, userId);
  if (!user) throw new AppError(401, 'Not signed in', 'unauthorized');
  return user;
}

/** Ends every session of a user (a ban); `db` may be the caller's transaction. Emitting is the caller's. */
export function endAllSessions(db: Db, userId: string) {
  return repo.deleteAllSessions(db, userId);
}

/** The person behind a session as the guard sees them (role, ban, verified address), or null. */
export function findSessionUser(db: Db, userId: string) {
  return repo.findSessionUser(db, userId);
}

/** Ends one of the person's sessions (sign-out, a device removed). Emitting is the caller's. */
export function deleteSession(db: Db, userId: string, sessionId: string) {
  return repo.deleteSession(db, userId, sessionId);
}
