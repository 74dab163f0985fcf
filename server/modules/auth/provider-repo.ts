import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, providerSignups, users } from '../../db/schema';
import type { ProviderIdentity } from './provider-bridge';

const userColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  isDemo: users.isDemo,
  bannedAt: users.bannedAt,
};
export type ProviderUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  isDemo: boolean;
  bannedAt: Date | null;
};

/** The user this provider account is already linked to, if any. */
export async function findLinkedUser(
  db: Db,
  providerId: string,
  accountId: string,
): Promise<ProviderUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.providerId, providerId), eq(accounts.accountId, accountId)));
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<ProviderUser | null> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/** Whether the account's email is still unproven (re-checked inside the transaction that would erase it). */
export async function isUnproven(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row !== undefined && !row.verified;
}

/** Links a provider account to a user. */
export async function insertProviderLink(
  db: Db,
  userId: string,
  link: { providerId: string; accountId: string },
) {
  await db
    .insert(accounts)
    .values({ id: newId(), userId, providerId: link.providerId, accountId: link.accountId });
}

export type PendingSignup = typeof providerSignups.$inferSelect;

/** Parks a verified identity for the date-of-birth step; answers the browser's token (only its hash is kept). */
export async function parkSignup(db: Db, identity: ProviderIdentity, ttlMs: number): Promise<string> {
  await db.delete(providerSignups).where(lt(providerSignups.expiresAt, new Date()));
  const token = randomBytes(32).toString('base64url');
  await db.insert(providerSignups).values({
    id: hashToken(token),
    providerId: identity.providerId,
    accountId: identity.accountId,
    email: identity.email,
    emailVerified: identity.emailVerified,
    firstName: identity.firstName,
    lastName: identity.lastName,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** The parked sign-in of this token, or null when unknown; an expired one is deleted and reported as null. */
export async function findPendingSignup(db: Db, token: string): Promise<PendingSignup | null> {
  const [row] = await db
    .select()
    .from(providerSignups)
    .where(eq(providerSignups.id, hashToken(token)));
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now()) {
    await deletePendingSignup(db, row.id);
    return null;
  }
  return row;
}

export async function deletePendingSignup(db: Db, id: string) {
  await db.delete(providerSignups).where(eq(providerSignups.id, id));
}

/** Other parked sign-ins of the same provider account (a second tab): gone once one of them became an account. */
export async function deleteOtherPendingSignups(
  db: Db,
  providerId: string,
  accountId: string,
  keepId: string,
) {
  await db
    .delete(providerSignups)
    .where(
      and(
        eq(providerSignups.providerId, providerId),
        eq(providerSignups.accountId, accountId),
        ne(providerSignups.id, keepId),
      ),
    );
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Ids as better-auth makes them for this app (better-auth.ts): 128 random bits. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
