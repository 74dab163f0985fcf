import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

const sessionUserColumns = {
  id: users.id,
  email: users.email,
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

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function usernameTaken(db: Db, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return Boolean(row);
}

export async function findAuthUser(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
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
      totalXP: users.totalXP,
      level: users.level,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function markDemo(db: Db, id: string, expiresAt: Date) {
  await db.update(users).set({ isDemo: true, demoExpiresAt: expiresAt }).where(eq(users.id, id));
}

export async function deleteSession(db: Db, userId: string, sessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)));
}

/** Gives the admin role to a regular user (ADMIN_EMAILS); system users keep theirs. */
export async function promoteToAdmin(db: Db, id: string) {
  await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(eq(users.id, id), eq(users.role, 'user')));
}
