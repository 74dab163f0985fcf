import { and, eq, gt, like, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, sessions, verifications } from '../../db/schema';

/** Verification links are signed tokens that stay valid until they expire: a used one is recorded here. */
const USED_LINK = 'used-link';

/** Records a link as used; false when it already was (a second use, or two at once). */
export async function claimLink(db: Db, hash: string, expiresAt: Date): Promise<boolean> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, USED_LINK), lt(verifications.expiresAt, new Date())));
  const rows = await db
    .insert(verifications)
    .values({ id: `${USED_LINK}:${hash}`, identifier: USED_LINK, value: hash, expiresAt })
    .onConflictDoNothing()
    .returning({ id: verifications.id });
  return rows.length > 0;
}

/** Gives a link back when following it failed for a reason that was not the link's (it was not used). */
export async function releaseLink(db: Db, hash: string) {
  await db.delete(verifications).where(eq(verifications.id, `${USED_LINK}:${hash}`));
}

/** The user a live reset link belongs to (better-auth stores it as `reset-password:<token>` -> user id). */
export async function resetLinkUser(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(
      and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())),
    );
  return row?.userId ?? null;
}

/** After a reset, the account's other reset links stop working. */
export async function deleteResetLinksOf(db: Db, userId: string) {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
}

/** The password hash of the account's email sign-in, or null (a provider-only account). */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? null;
}

/** The live sessions of a user, newest use first. */
export async function sessionsOf(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      token: sessions.token,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(sessions.updatedAt);
}
