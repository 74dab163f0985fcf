import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import * as repo from './repo';

export type { ProgressFigures } from './repo';

/** The user as `me` may see them (users/policy.ts), or undefined: unknown, banned, or blocked either way. */
export function findVisibleUser(ctx: AppContext, me: string, userId: string) {
  return repo.findUserVisibleTo(ctx.db, me, userId);
}

/** Role and account state of a user, with no visibility check (for rules that need them). */
export function findUserById(ctx: AppContext, userId: string) {
  return repo.findById(ctx.db, userId);
}

/** id, firstName, username, profileImageUrl of one user, or null. */
export function userSummaryOf(ctx: AppContext, userId: string) {
  return repo.summaryOf(ctx.db, userId);
}

export async function isSystemUser(ctx: AppContext, userId: string): Promise<boolean> {
  return (await repo.findById(ctx.db, userId))?.role === 'system';
}

/** The creator of a Pro Pact becomes a Pro user; `db` may be the caller's transaction. */
export function markProUser(db: Db, userId: string) {
  return repo.markProUser(db, userId);
}

/**
 * The user row of a new account made outside better-auth's sign-up (a provider sign-in that passed its date of
 * birth); `db` is the caller's transaction. False when the email got taken meanwhile.
 */
export function createAccountUser(db: Db, user: repo.NewAccountUser) {
  return repo.insertAccountUser(db, user);
}

/** A provider proved the user owns their email; `db` may be the caller's transaction. */
export function markEmailVerified(db: Db, userId: string) {
  return repo.markEmailVerified(db, userId);
}

/** Bans a user (moderation); `db` may be the caller's transaction. */
export function banUser(db: Db, userId: string, now: Date) {
  return repo.ban(db, userId, now);
}

/** Turns a fresh account into a Try Demo account that expires. */
export function markDemo(ctx: AppContext, userId: string, expiresAt: Date) {
  return repo.markDemo(ctx.db, userId, expiresAt);
}

/** Accounts named in ADMIN_EMAILS become admins. */
export function promoteToAdmin(ctx: AppContext, userId: string) {
  return repo.promoteToAdmin(ctx.db, userId);
}

/** Stores progress's figures on the user; `db` is progress's recompute transaction. */
export function saveProgressFigures(db: Db, userId: string, figures: repo.ProgressFigures, now: Date) {
  return repo.saveFigures(db, userId, figures, now);
}

/** A demo sandbox's sample friend; `db` may be the seeder's transaction. Answers the new id. */
export function createDemoFriend(db: Db, friend: repo.DemoFriend) {
  return repo.insertDemoFriend(db, friend);
}

export function expiredDemoUserIds(ctx: AppContext, now: Date) {
  return repo.expiredDemoIds(ctx.db, now);
}

/** Deletes demo users with everything of theirs (by cascade); answers how many went. */
export function deleteDemoUsers(ctx: AppContext, ids: string[]) {
  return repo.deleteDemoUsers(ctx.db, ids);
}

/** Creates a built-in system user unless it exists. */
export function ensureSystemUser(ctx: AppContext, user: repo.SystemUser) {
  return repo.insertSystemUser(ctx.db, user);
}

/** Erasure (privacy module): the profile's fields anonymised, inside the erasure's transaction. */
export function anonymiseProfile(db: Db, userId: string) {
  return repo.anonymiseProfile(db, userId);
}

/** Erasure (privacy module): the account row, inside the erasure's transaction. */
export function deleteAccountRow(db: Db, userId: string) {
  return repo.deleteUser(db, userId);
}

export function findUserIdByEmail(db: Db, email: string) {
  return repo.idByEmail(db, email);
}

/** A free, readable handle for a seeded account (a demo visitor, its sample friends): `base` and a number. */
export function readableUsername(ctx: AppContext, base: string) {
  return repo.readableUsername(ctx.db, base);
}
