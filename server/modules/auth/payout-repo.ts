import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

/** A user's account at a payout provider, kept among their linked accounts (see payout-account.ts). */

export async function findPayoutAccount(db: Db, userId: string, providerId: string): Promise<string | null> {
  const [row] = await db
    .select({ ref: accounts.accountId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId)))
    .orderBy(accounts.createdAt)
    .limit(1);
  return row?.ref ?? null;
}

/** Links it once: a second save of the same account (a double click) changes nothing. */
export async function insertPayoutAccount(db: Db, userId: string, providerId: string, ref: string) {
  await db
    .insert(accounts)
    .values({ id: randomBytes(16).toString('base64url'), userId, providerId, accountId: ref })
    .onConflictDoNothing();
}
