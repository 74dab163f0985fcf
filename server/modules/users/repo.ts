import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { UpdateProfileBody } from '../../../shared/api/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { userVisibleTo } from './policy';
import { type ProgressFigures, userSummary } from './summary';

export type { ProgressFigures };

/** The users table: reads as others see them (no email, no date of birth) and every write but sign-up's. */

const publicColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  profileImageUrl: users.image,
  isProUser: users.isProUser,
  role: users.role,
  streakCount: users.streakCount,
  totalXP: users.totalXP,
  level: users.level,
};

/** The user unless unknown, banned, or on either side of a block with `me` (then they do not exist for `me`). */
export async function findUserVisibleTo(db: Db, me: string, userId: string) {
  const [row] = await db
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.id, userId), userVisibleTo(me)));
  return row;
}

/** Role and account state, whoever asks (blocks and bans are the caller's business). */
export async function findById(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      bannedAt: users.bannedAt,
      timeZone: users.timeZone,
      demoExpiresAt: users.demoExpiresAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function summaryOf(db: Db, userId: string) {
  const [row] = await db.select(userSummary(users)).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function updateProfile(
  db: Db,
  userId: string,
  patch: Omit<UpdateProfileBody, 'imageMediaId'> & { name: string; image?: string | null },
) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Who holds this username, regardless of case (the unique index users_username_unique), if anyone. */
export async function usernameHolder(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return row?.id ?? null;
}

/** True when `err` is the unique index on lower(username) refusing a name another user took meanwhile. */
export function isUsernameRace(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (
    e.code === '23505' &&
    (e.constraint === 'users_username_unique' || /users_username_unique/.test(e.message ?? ''))
  )
    return true;
  return e.cause !== undefined && isUsernameRace(e.cause);
}

export async function markProUser(db: Db, userId: string) {
  await db.update(users).set({ isProUser: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function ban(db: Db, userId: string, now: Date) {
  await db.update(users).set({ bannedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

export async function markDemo(db: Db, userId: string, expiresAt: Date) {
  await db.update(users).set({ isDemo: true, demoExpiresAt: expiresAt }).where(eq(users.id, userId));
}

export interface NewAccountUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  username: string;
  dateOfBirth: string;
  timeZone: string;
}

/** Inserts an account's user row; false when the email (or username) is already taken. */
export async function insertAccountUser(db: Db, user: NewAccountUser): Promise<boolean> {
  const inserted = await db.insert(users).values(user).onConflictDoNothing().returning({ id: users.id });
  return inserted.length > 0;
}

export async function markEmailVerified(db: Db, userId: string) {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Gives the admin role to a regular user; system users keep theirs. */
export async function promoteToAdmin(db: Db, userId: string) {
  await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(eq(users.id, userId), eq(users.role, 'user')));
}

/** Also stamps updated_at: the lapsed-streak job skips users recomputed since their local midnight. */
export async function saveFigures(db: Db, userId: string, figures: ProgressFigures, now: Date) {
  await db
    .update(users)
    .set({ ...figures, updatedAt: now })
    .where(eq(users.id, userId));
}

export interface DemoFriend {
  key: string;
  firstName: string;
  lastName: string;
  bio: string;
  expiresAt: Date;
  timeZone: string;
}

/**
 * A free, readable handle for a seeded account: `base` and a 4-digit number (maya.chen.4821); a few tries, then
 * a longer number. Sandboxes are many, so the number keeps them apart.
 */
export async function readableUsername(db: Db, base: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    const digits = tries < 5 ? 1000 + randomInt(9000) : 100000 + randomInt(900000);
    const candidate = `${base}.${digits}`;
    if (!(await usernameHolder(db, candidate))) return candidate;
  }
}

/** A demo sample friend: an account nobody signs in to, gone with its sandbox. Answers its id. */
export async function insertDemoFriend(db: Db, friend: DemoFriend) {
  const id = randomBytes(16).toString('base64url');
  const suffix = randomBytes(4).toString('hex');
  await db.insert(users).values({
    id,
    name: `${friend.firstName} ${friend.lastName}`,
    email: `demo-${friend.key}-${suffix}@demo.sweatpact.local`,
    username: await readableUsername(db, `${friend.firstName}.${friend.lastName}`.toLowerCase()),
    firstName: friend.firstName,
    lastName: friend.lastName,
    bio: friend.bio,
    isDemo: true,
    demoExpiresAt: friend.expiresAt,
    timeZone: friend.timeZone,
  });
  return id;
}

export async function expiredDemoIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isDemo, true), lt(users.demoExpiresAt, now)));
  return rows.map((r) => r.id);
}

/** Deletes these demo users; everything of theirs goes with them (foreign keys cascade). */
export async function deleteDemoUsers(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(users)
    .where(and(eq(users.isDemo, true), inArray(users.id, ids)))
    .returning({ id: users.id });
  return rows.length;
}

export interface SystemUser {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
}

/** A built-in system user (the AI trainer), created once. */
export async function insertSystemUser(db: Db, user: SystemUser) {
  await db
    .insert(users)
    .values({
      ...user,
      name: `${user.firstName} ${user.lastName}`,
      emailVerified: true,
      role: 'system',
    })
    .onConflictDoNothing();
}

/**
 * Erasure of the profile type (docs/PRIVACY.md): the person behind the account is no longer told by it. The
 * account itself (email, date of birth for the age rule, time zone) stays, as does its progress.
 */
export async function anonymiseProfile(db: Db, userId: string) {
  await db
    .update(users)
    .set({
      name: 'Former member',
      firstName: 'Former',
      lastName: 'member',
      bio: null,
      image: null,
      username: `former-${randomBytes(6).toString('hex')}`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** Deletes the account; everything that references it goes with it (foreign keys cascade or set null). */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** The account whose email is this one (emails are unique without regard to case). */
export async function idByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.id ?? null;
}

export async function imageOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  return row?.image ?? null;
}
