import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistEntries } from '../../db/schema';

/** The Pro Creator waitlist's SQL (docs/TEAMS.md "Pro Creator waitlist"). */

/**
 * Adds a mailbox with a fresh confirmation token, or gives an entry still unconfirmed a fresh token (the old link
 * stops working). A confirmed entry is left as it is: no row comes back, and no mail goes out.
 */
export async function upsertUnconfirmed(
  db: Db,
  entry: { email: string; address: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<{ id: number } | null> {
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      email: entry.email,
      address: entry.address,
      userId: entry.userId,
      confirmTokenHash: entry.tokenHash,
      confirmExpiresAt: entry.expiresAt,
    })
    .onConflictDoUpdate({
      target: waitlistEntries.email,
      set: {
        address: entry.address,
        userId: sql`coalesce(${waitlistEntries.userId}, excluded.user_id)`,
        confirmTokenHash: entry.tokenHash,
        confirmExpiresAt: entry.expiresAt,
      },
      setWhere: isNull(waitlistEntries.confirmedAt),
    })
    .returning({ id: waitlistEntries.id });
  return row ?? null;
}

export async function findByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: waitlistEntries.id,
      email: waitlistEntries.email,
      address: waitlistEntries.address,
      confirmExpiresAt: waitlistEntries.confirmExpiresAt,
      confirmedAt: waitlistEntries.confirmedAt,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.confirmTokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function markConfirmed(db: Db, id: number, at: Date) {
  await db
    .update(waitlistEntries)
    .set({ confirmedAt: at })
    .where(and(eq(waitlistEntries.id, id), isNull(waitlistEntries.confirmedAt)));
}

export async function deleteEntry(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(waitlistEntries)
    .where(eq(waitlistEntries.id, id))
    .returning({ id: waitlistEntries.id });
  return rows.length === 1;
}

/** Confirmed entries: the figure every screen shows. */
export async function confirmedCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(isNotNull(waitlistEntries.confirmedAt));
  return row?.n ?? 0;
}

export async function unconfirmedCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(isNull(waitlistEntries.confirmedAt));
  return row?.n ?? 0;
}

/** The caller's entry, by account or by mailbox; a confirmed one first. */
export async function entryOf(db: Db, userId: string, email: string) {
  const [row] = await db
    .select({ confirmedAt: waitlistEntries.confirmedAt })
    .from(waitlistEntries)
    .where(or(eq(waitlistEntries.userId, userId), eq(waitlistEntries.email, email)))
    .orderBy(sql`${waitlistEntries.confirmedAt} is null`, asc(waitlistEntries.id))
    .limit(1);
  return row ?? null;
}

export function confirmedEntries(db: Db) {
  return db
    .select({
      id: waitlistEntries.id,
      email: sql<string>`coalesce(${waitlistEntries.address}, ${waitlistEntries.email})`,
      joinedAt: waitlistEntries.createdAt,
      confirmedAt: sql<Date>`${waitlistEntries.confirmedAt}`,
      launchMailedAt: waitlistEntries.launchMailedAt,
    })
    .from(waitlistEntries)
    .where(isNotNull(waitlistEntries.confirmedAt))
    .orderBy(asc(waitlistEntries.confirmedAt), asc(waitlistEntries.id));
}

/**
 * Marks every confirmed entry not yet sent the launch mail as sent, and answers them: one UPDATE, so two admins
 * (or two instances) pressing at once each get a different set of rows, and no entry is mailed twice.
 */
export function claimLaunchMail(db: Db, at: Date) {
  return db
    .update(waitlistEntries)
    .set({ launchMailedAt: at })
    .where(and(isNotNull(waitlistEntries.confirmedAt), isNull(waitlistEntries.launchMailedAt)))
    .returning({
      id: waitlistEntries.id,
      to: sql<string>`coalesce(${waitlistEntries.address}, ${waitlistEntries.email})`,
    });
}

/** Erasure of an account: its waitlist entries, by account or by its mailbox. */
export async function deleteWaitlistOf(db: Db, userId: string, email: string) {
  await db
    .delete(waitlistEntries)
    .where(or(eq(waitlistEntries.userId, userId), sql`lower(${waitlistEntries.email}) = lower(${email})`));
}
