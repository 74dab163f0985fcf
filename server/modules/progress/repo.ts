import { and, eq, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Participation } from '../../../shared/api/pacts';
import type { Difficulty } from '../../../shared/domain/templates';
import type { Weekday } from '../../../shared/domain/time';
import type { Db } from '../../db/client';
import { pacts, participations, proofs, users } from '../../db/schema';

/**
 * What progress is computed from: counted approved proofs and participations. The figures it computes are stored
 * by their tables' owners (users/service saveProgressFigures, pacts/bookkeeping saveParticipationProgress), called
 * from the progress module only.
 */

/** Rows of a raw query on either driver (both answer `{ rows }`). */
async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface ProgressProof {
  pactId: number;
  recordedDay: string;
  difficulty: Difficulty;
  value: number;
}

export interface ProgressParticipation {
  id: number;
  pactId: number;
  status: Participation['status'];
  startDay: string;
  scheduleDays: Weekday[];
  totalDays: number;
  difficulty: Difficulty;
  daysDone: number;
  completedValue: number;
}

/** Locks the user row for the rest of the transaction, so two recomputes of one user run one after the other. */
export async function lockUser(db: Db, userId: string) {
  const [row] = await db
    .select({ timeZone: users.timeZone, streakCount: users.streakCount, totalXP: users.totalXP })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function approvedProofs(db: Db, userId: string): Promise<ProgressProof[]> {
  return db
    .select({
      pactId: proofs.pactId,
      recordedDay: proofs.recordedDay,
      difficulty: pacts.difficulty,
      value: proofs.value,
    })
    .from(proofs)
    .innerJoin(pacts, eq(pacts.id, proofs.pactId))
    .where(and(eq(proofs.userId, userId), eq(proofs.status, 'approved'), eq(proofs.counts, true)));
}

/** Who decided the user's proofs since `since` (not the user, not the 24-hour job): they watch the figures move. */
export async function recentDeciders(db: Db, userId: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: proofs.decidedById })
    .from(proofs)
    .where(and(eq(proofs.userId, userId), gte(proofs.decidedAt, since), isNotNull(proofs.decidedById)));
  return rows.flatMap((r) => (r.id && r.id !== userId ? [r.id] : []));
}

/** Active and completed participations (left ones no longer schedule anything). */
export async function userParticipations(db: Db, userId: string): Promise<ProgressParticipation[]> {
  const rows = await db
    .select({
      id: participations.id,
      pactId: participations.pactId,
      status: participations.status,
      startDay: participations.startDay,
      scheduleDays: pacts.scheduleDays,
      totalDays: pacts.totalDays,
      difficulty: pacts.difficulty,
      daysDone: participations.daysDone,
      completedValue: participations.completedValue,
    })
    .from(participations)
    .innerJoin(pacts, eq(pacts.id, participations.pactId))
    .where(and(eq(participations.userId, userId), inArray(participations.status, ['active', 'completed'])));
  return rows as ProgressParticipation[];
}

/**
 * Users with an active participation whose last day is behind at `now` in their own zone: their recompute
 * completes it (pacts' completeFinished) and counts its completion XP.
 */
export async function usersWithFinishedParticipations(db: Db, now: Date, limit: number): Promise<string[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct pa.user_id from participations pa
        join pacts p on p.id = pa.pact_id join users u on u.id = pa.user_id
        where pa.status = 'active'
          and pa.start_day + p.total_days <= (${at}::timestamptz at time zone u.time_zone)::date
        limit ${limit}`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * Users showing a streak whose last approved day is before yesterday in their own zone, and who were not
 * recomputed since their local midnight: their streak may have lapsed (or survived an unscheduled day).
 */
export async function usersWithStaleStreak(db: Db, now: Date, limit: number): Promise<string[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select u.id from users u
        where u.streak_count > 0
          and u.updated_at < (date_trunc('day', ${at}::timestamptz at time zone u.time_zone) at time zone u.time_zone)
          and not exists (
            select 1 from proofs p
            where p.user_id = u.id and p.status = 'approved' and p.counts
              and p.recorded_day >= (${at}::timestamptz at time zone u.time_zone)::date - 1)
        limit ${limit}`,
  );
  return rows.map((r) => r.id);
}
