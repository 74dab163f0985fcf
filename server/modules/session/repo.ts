import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { statementCache } from '../../platform/prepared';

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isProUser: users.isProUser,
  isDemo: users.isDemo,
  timeZone: users.timeZone,
  bannedAt: users.bannedAt,
};

export async function findSessionUser(db: Db, id: string) {
  const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * The session of a verified token with its user, in one prepared statement (sessions joined to users by the
 * token): the cold path of `optionalUser` (guard.ts) instead of better-auth's session read plus a user read.
 */
const sessionByTokenStatement = statementCache((db: Db) =>
  db
    .select({ ...sessionUserColumns, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('auth_session_by_token'),
);

export async function findSessionByToken(db: Db, token: string) {
  const [row] = await sessionByTokenStatement(db, '').execute({ token });
  return row ?? null;
}

/** The signed-in user's own record (GET /api/auth/user, asked by every screen): a prepared statement. */
const authUserStatement = statementCache((db: Db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      bio: users.bio,
      profileImageUrl: users.image,
      isProUser: users.isProUser,
      isDemo: users.isDemo,
      role: users.role,
      timeZone: users.timeZone,
      streakCount: users.streakCount,
      streakPoints: users.streakPoints,
      streakFreezes: users.streakFreezes,
      totalXP: users.totalXP,
      level: users.level,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user'),
);

export async function findAuthUser(db: Db, id: string) {
  const [row] = await authUserStatement(db, '').execute({ id });
  return row ?? null;
}

export async function deleteSession(db: Db, userId: string, sessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)));
}

/** Ends every session of the user (a ban): their next request is signed out. */
export async function deleteAllSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Which of these session ids still exist and have not expired. */
export async function liveSessions(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((r) => r.id));
}
