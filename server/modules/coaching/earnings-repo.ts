import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { charges, teams, users } from '../../db/schema';

/**
 * Earnings read model: the ledger's rows (charges) of one coach, with the team's name and the member's first
 * name. Reads only; the billing module writes the ledger.
 */

const whereOf = (coachId: string, teamId: number | null): SQL =>
  and(eq(charges.coachId, coachId), teamId === null ? undefined : eq(charges.teamId, teamId)) as SQL;

export function earningsRows(db: Db, coachId: string, teamId: number | null, limit?: number) {
  const query = db
    .select({
      id: charges.id,
      at: charges.createdAt,
      teamId: charges.teamId,
      teamName: teams.name,
      member: users.firstName,
      grossCents: charges.grossCents,
      platformFeeCents: charges.platformFeeCents,
      coachNetCents: charges.coachNetCents,
      currency: charges.currency,
    })
    .from(charges)
    .leftJoin(teams, eq(teams.id, charges.teamId))
    .leftJoin(users, eq(users.id, charges.userId))
    .where(whereOf(coachId, teamId))
    .orderBy(desc(charges.createdAt), desc(charges.id));
  return limit === undefined ? query : query.limit(limit);
}

const sums = {
  grossCents: sql<string>`coalesce(sum(${charges.grossCents}), 0)`,
  platformFeeCents: sql<string>`coalesce(sum(${charges.platformFeeCents}), 0)`,
  coachNetCents: sql<string>`coalesce(sum(${charges.coachNetCents}), 0)`,
  charges: sql<string>`count(*) filter (where ${charges.grossCents} >= 0)`,
  refunds: sql<string>`count(*) filter (where ${charges.grossCents} < 0)`,
};

const month = sql<string>`to_char(${charges.createdAt} at time zone 'UTC', 'YYYY-MM')`;

export function monthSums(db: Db, coachId: string, teamId: number | null) {
  return db
    .select({ month, ...sums })
    .from(charges)
    .where(whereOf(coachId, teamId))
    .groupBy(month)
    .orderBy(desc(month));
}

export function teamSums(db: Db, coachId: string, teamId: number | null) {
  return db
    .select({ teamId: charges.teamId, ...sums })
    .from(charges)
    .where(whereOf(coachId, teamId))
    .groupBy(charges.teamId);
}

export function teamsOfCoach(db: Db, coachId: string) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.coachId, coachId))
    .orderBy(teams.id);
}
