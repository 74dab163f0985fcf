import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents, charges } from '../../db/schema';

/** The ledger (charges) and the applied provider events. The only SQL of the billing module. */

export interface NewLedgerRow {
  providerRef: string;
  refundOf: string | null;
  subscriptionId: number | null;
  teamId: number | null;
  userId: string | null;
  coachId: string | null;
  grossCents: number;
  platformFeeCents: number;
  coachNetCents: number;
  currency: string;
  createdAt: Date;
}

/** Inserts the row unless its providerRef is already there; its id when inserted, else null. */
export async function insertOnce(db: Db, row: NewLedgerRow): Promise<number | null> {
  const inserted = await db
    .insert(charges)
    .values(row)
    .onConflictDoNothing({ target: charges.providerRef })
    .returning({ id: charges.id });
  return inserted[0]?.id ?? null;
}

export async function findByRef(db: Db, providerRef: string) {
  const [row] = await db.select().from(charges).where(eq(charges.providerRef, providerRef));
  return row;
}

/** Cents already refunded of one charge (a positive number). */
export async function refundedOf(db: Db, chargeRef: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(-sum(${charges.grossCents}), 0)` })
    .from(charges)
    .where(eq(charges.refundOf, chargeRef));
  return Number(row?.total ?? 0);
}

/** Sums of a coach's rows (their payout): every figure summed from the rows as stored. */
export async function totalsOfCoach(db: Db, coachId: string) {
  const [row] = await db
    .select({
      grossCents: sql<string>`coalesce(sum(${charges.grossCents}), 0)`,
      platformFeeCents: sql<string>`coalesce(sum(${charges.platformFeeCents}), 0)`,
      coachNetCents: sql<string>`coalesce(sum(${charges.coachNetCents}), 0)`,
      charges: sql<string>`count(*) filter (where ${charges.grossCents} >= 0)`,
      refunds: sql<string>`count(*) filter (where ${charges.grossCents} < 0)`,
    })
    .from(charges)
    .where(eq(charges.coachId, coachId));
  return {
    grossCents: Number(row?.grossCents ?? 0),
    platformFeeCents: Number(row?.platformFeeCents ?? 0),
    coachNetCents: Number(row?.coachNetCents ?? 0),
    charges: Number(row?.charges ?? 0),
    refunds: Number(row?.refunds ?? 0),
  };
}

export async function rowsOfCoach(db: Db, coachId: string) {
  return db
    .select()
    .from(charges)
    .where(and(eq(charges.coachId, coachId)))
    .orderBy(charges.id);
}

/** Records a provider event as applied; false when it already was (the caller then applies nothing). */
export async function markEventOnce(db: Db, id: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values({ id, type })
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return inserted.length === 1;
}
