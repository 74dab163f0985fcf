import {
  and,
  asc,
  desc,
  eq,
  inArray,
  ne,
  notInArray,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Participation } from '../../../shared/api/pacts';
import type { Db } from '../../db/client';
import { pactLikes, pacts, participations, users } from '../../db/schema';
import { blockedBetween, outsideSandbox } from '../users/policy';
import { userSummary } from '../users/summary';
import { countsAsParticipant, pactVisibleTo } from './policy';

/** Participations and likes. Counts on `pacts` change in the same transaction as the rows they count. */

type Status = Participation['status'];

const participationColumns = {
  id: participations.id,
  userId: participations.userId,
  pactId: participations.pactId,
  status: participations.status,
  startDay: participations.startDay,
  completedValue: participations.completedValue,
  daysDone: participations.daysDone,
  joinedAt: participations.joinedAt,
  timeZone: users.timeZone,
};

export type ParticipationRow = {
  id: number;
  userId: string;
  pactId: number;
  status: Status;
  startDay: string;
  completedValue: number;
  daysDone: number;
  joinedAt: Date;
  timeZone: string;
};

/**
 * `userId`'s participations in Pacts `me` may see, by their status at `now` (an active one past its last day is
 * completed: present.ts statusAt): active first, then newest joined; with the full count.
 */
export async function listParticipationsVisible(
  db: Db,
  me: string,
  userId: string,
  opts: { statuses: Status[]; now: Date; limit?: number },
): Promise<{ rows: ParticipationRow[]; total: number }> {
  const statusNow = sql`(case when ${isFinished(opts.now.toISOString(), sql`${participations}`, sql`${pacts}`, sql`${users}`)}
    then 'completed' else ${participations.status} end)`;
  const where = and(eq(participations.userId, userId), inArray(statusNow, opts.statuses), pactVisibleTo(me));
  const base = db
    .select(participationColumns)
    .from(participations)
    .innerJoin(pacts, eq(pacts.id, participations.pactId))
    .innerJoin(users, eq(users.id, participations.userId))
    .where(where)
    .orderBy(sql`(${statusNow} = 'active') desc`, desc(participations.joinedAt), desc(participations.id));
  const rows = (opts.limit ? await base.limit(opts.limit) : await base) as ParticipationRow[];
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(participations)
    .innerJoin(pacts, eq(pacts.id, participations.pactId))
    .innerJoin(users, eq(users.id, participations.userId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export type ParticipantRow = ParticipationRow & {
  user: { id: string; firstName: string | null; username: string; profileImageUrl: string | null };
};

/** Active and completed participants of a Pact, oldest first, minus anyone blocked with `me` or in another demo sandbox. */
export async function listParticipants(
  db: Db,
  me: string,
  pactId: number,
  limit: number,
): Promise<ParticipantRow[]> {
  const rows = await db
    .select({
      ...participationColumns,
      user: userSummary(users),
    })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(
      and(
        eq(participations.pactId, pactId),
        notInArray(participations.status, ['left', 'ended']),
        sql`not ${blockedBetween(me, sql`${participations.userId}`)}`,
        sql`not ${outsideSandbox(me, sql`${participations.userId}`)}`,
      ),
    )
    .orderBy(asc(participations.joinedAt), asc(participations.id))
    .limit(limit);
  return rows as ParticipantRow[];
}

export async function findParticipation(db: Db, userId: string, pactId: number) {
  const [row] = await db
    .select(participationColumns)
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(and(eq(participations.userId, userId), eq(participations.pactId, pactId)));
  return row as ParticipationRow | undefined;
}

/**
 * Locks the Pact's row for an edit of its terms until the transaction ends, so no join slips in meanwhile, and answers
 * whether they are fixed (`pacts.terms_locked`: anyone besides the creator who counts ever joined, even if they left).
 */
export async function lockTerms(db: Db, pactId: number): Promise<boolean> {
  const [row] = await db
    .select({ termsLocked: pacts.termsLocked })
    .from(pacts)
    .where(eq(pacts.id, pactId))
    .for('update');
  return row?.termsLocked ?? false;
}

/**
 * `userId` joined (1) or left (-1): the stored count moves when they count (policy.ts countsAsParticipant), and a
 * join of anyone but the creator who counts fixes the terms for good.
 */
const bumpParticipants = (db: Db, pactId: number, userId: string, by: number) =>
  db
    .update(pacts)
    .set({
      participantCount: sql`${pacts.participantCount}
        + case when ${countsAsParticipant(userId, pacts.creatorId)} then ${by}::int else 0 end`,
      ...(by > 0 ? { termsLocked: sql`${pacts.termsLocked} or ${fixesTerms(userId)}` } : {}),
    })
    .where(eq(pacts.id, pactId));

/** SQL: whether participant `userId` (a column or an id) fixes the terms of `pacts`' row by joining. */
const fixesTerms = (userId: SQLWrapper | string): SQL =>
  sql`(${userId} <> ${pacts.creatorId} and ${countsAsParticipant(userId, pacts.creatorId)})`;

/** Joins, or rejoins after leaving (a fresh day 1). Returns true when a participation became active. */
export async function join(db: Db, userId: string, pactId: number, startDay: string): Promise<boolean> {
  // KEY SHARE: an edit of the terms (lockTerms, FOR UPDATE) and a join wait for each other, while joins do not
  // (a plain SHARE lock, then the count's UPDATE of the same row, deadlocked two joins at once on PostgreSQL).
  await db.select({ id: pacts.id }).from(pacts).where(eq(pacts.id, pactId)).for('key share');
  const changed = await db
    .insert(participations)
    .values({ userId, pactId, startDay })
    .onConflictDoUpdate({
      target: [participations.userId, participations.pactId],
      set: { status: 'active', startDay, joinedAt: new Date(), completedAt: null },
      setWhere: inArray(participations.status, ['left', 'ended']),
    })
    .returning({ id: participations.id });
  if (changed.length > 0) await bumpParticipants(db, pactId, userId, 1);
  return changed.length > 0;
}

/**
 * Ends a member's active participations in these Pacts (their team access ended): no reminders, pushes, start
 * buttons or streak days from them; `completed_at` records when. Answers the Pacts ended.
 */
export async function endMemberships(db: Db, userId: string, pactIds: number[], at: Date): Promise<number[]> {
  if (pactIds.length === 0) return [];
  const ended = await db
    .update(participations)
    .set({ status: 'ended', completedAt: at })
    .where(
      and(
        eq(participations.userId, userId),
        inArray(participations.pactId, pactIds),
        eq(participations.status, 'active'),
      ),
    )
    .returning({ pactId: participations.pactId });
  for (const { pactId } of ended) await bumpParticipants(db, pactId, userId, -1);
  return ended.map((r) => r.pactId);
}

/** The user's local date at `at` (their stored time zone), for a join made on their behalf. */
export async function localDayOf(db: Db, userId: string, at: Date): Promise<string | null> {
  const [row] = await db
    .select({
      day: sql<string>`(${at.toISOString()}::timestamptz at time zone ${users.timeZone})::date::text`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.day ?? null;
}

/** Leaves; only an active participation changes the count. */
export async function leave(db: Db, userId: string, pactId: number): Promise<void> {
  const mine = and(eq(participations.userId, userId), eq(participations.pactId, pactId));
  const wasActive = await db
    .update(participations)
    .set({ status: 'left' })
    .where(and(mine, eq(participations.status, 'active')))
    .returning({ id: participations.id });
  if (wasActive.length > 0) await bumpParticipants(db, pactId, userId, -1);
  else
    await db
      .update(participations)
      .set({ status: 'left' })
      .where(and(mine, eq(participations.status, 'completed')));
}

/** The Pacts created by `creatorId` that `userId` is in (active or completed, not left). */
export async function memberPactsOfCreator(db: Db, userId: string, creatorId: string): Promise<number[]> {
  const rows = await db
    .select({ pactId: participations.pactId })
    .from(participations)
    .innerJoin(pacts, eq(pacts.id, participations.pactId))
    .where(
      and(
        eq(participations.userId, userId),
        eq(pacts.creatorId, creatorId),
        ne(participations.status, 'left'),
      ),
    );
  return rows.map((r) => r.pactId);
}

export async function participantCount(db: Db, pactId: number): Promise<number> {
  const [row] = await db.select({ n: pacts.participantCount }).from(pacts).where(eq(pacts.id, pactId));
  return row?.n ?? 0;
}

/** Flips the like and keeps likeCount exact; answers the new state. */
export async function toggleLike(db: Db, userId: string, pactId: number) {
  const removed = await db
    .delete(pactLikes)
    .where(and(eq(pactLikes.userId, userId), eq(pactLikes.pactId, pactId)))
    .returning({ pactId: pactLikes.pactId });
  let liked = false;
  if (removed.length === 0) {
    const added = await db
      .insert(pactLikes)
      .values({ userId, pactId })
      .onConflictDoNothing()
      .returning({ pactId: pactLikes.pactId });
    liked = added.length > 0;
  }
  const by = liked ? 1 : removed.length > 0 ? -1 : 0;
  const [row] = await db
    .update(pacts)
    .set({ likeCount: sql`${pacts.likeCount} + ${by}` })
    .where(eq(pacts.id, pactId))
    .returning({ likeCount: pacts.likeCount });
  return { liked, likeCount: row?.likeCount ?? 0 };
}

/**
 * SQL: participation `pa` (of the Pact `p`, by the user `u`) is active and its last day is behind at `at`: day
 * totalDays + 1 has begun in the participant's time zone. One condition for completing and for noticing.
 */
export const isFinished = (at: SQL | string | Placeholder, pa: SQL, p: SQL, u: SQL): SQL =>
  sql`${pa}.status = 'active'
    and ${pa}.start_day + ${p}.total_days <= (${at}::timestamptz at time zone ${u}.time_zone)::date`;

/**
 * Completes every active participation whose last day is behind (`isFinished`) and lowers participantCount to
 * match, in one statement. Narrowed to one user or one Pact when given; progress's recompute runs it.
 */
export async function completeFinished(
  db: Db,
  now: Date,
  only: { userId?: string; pactId?: number } = {},
): Promise<number> {
  const at = now.toISOString();
  const byUser = only.userId ? sql`and pa.user_id = ${only.userId}` : sql``;
  const byPact = only.pactId ? sql`and pa.pact_id = ${only.pactId}` : sql``;
  const result = await db.execute(sql`
    with done as (
      update participations pa set status = 'completed', completed_at = ${at}::timestamptz
      from pacts p, users u
      where pa.pact_id = p.id and u.id = pa.user_id and ${isFinished(at, sql`pa`, sql`p`, sql`u`)}
        ${byUser} ${byPact}
      returning pa.pact_id, ${countsAsParticipant(sql`pa.user_id`, sql`p.creator_id`)} as counted
    ), counts as (select pact_id, count(*) filter (where counted)::int as n from done group by pact_id)
    update pacts set participant_count = pacts.participant_count - counts.n
    from counts where pacts.id = counts.pact_id
    returning pacts.id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Seeds a Pact's members at once (built-in and demo data) and sets participantCount to match (who counts). */
export async function insertMembers(
  db: Db,
  pactId: number,
  members: Array<{ userId: string; startDay: string }>,
) {
  await db.insert(participations).values(members.map((m) => ({ ...m, pactId })));
  await db
    .update(pacts)
    .set({
      participantCount: activeCountSql,
      termsLocked: sql`exists (select 1 from participations cp
        where cp.pact_id = ${pacts.id} and ${fixesTerms(sql`cp.user_id`)})`,
    })
    .where(eq(pacts.id, pactId));
}

/** SQL: the stored count of `pacts`' row from its rows: active participants who count (countsAsParticipant). */
export const activeCountSql = sql<number>`(select count(*)::int from participations cp
  where cp.pact_id = ${pacts.id} and cp.status = 'active' and ${countsAsParticipant(sql`cp.user_id`, pacts.creatorId)})`;

/** Stores progress's recount of one participation. */
export async function saveProgress(db: Db, id: number, daysDone: number, completedValue: number) {
  await db.update(participations).set({ daysDone, completedValue }).where(eq(participations.id, id));
}

/** Which of `userIds` are active participants of the Pact. */
export async function activeAmong(db: Db, pactId: number, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: participations.userId })
    .from(participations)
    .where(
      and(
        eq(participations.pactId, pactId),
        eq(participations.status, 'active'),
        inArray(participations.userId, userIds),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Whether anyone but `exceptUserId` is an active participant (someone eligible to approve the creator). */
export async function hasOtherActive(db: Db, pactId: number, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.pactId, pactId),
        eq(participations.status, 'active'),
        ne(participations.userId, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Active participants other than `exceptUserId`, oldest first, at most `limit` (who may decide the creator's proof). */
export async function otherActive(
  db: Db,
  pactId: number,
  exceptUserId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ userId: participations.userId })
    .from(participations)
    .where(
      and(
        eq(participations.pactId, pactId),
        eq(participations.status, 'active'),
        ne(participations.userId, exceptUserId),
      ),
    )
    .orderBy(asc(participations.joinedAt), asc(participations.id))
    .limit(limit);
  return rows.map((r) => r.userId);
}
