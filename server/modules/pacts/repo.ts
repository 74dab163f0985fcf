import { and, desc, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pactLikes, pacts, participations, teams, users } from '../../db/schema';

/**
 * Reads of Pacts. Every read that a caller can reach goes through `visibleTo`, the one SQL rule of who may see
 * a Pact (DECISIONS 4), so lists, counts and single reads can never disagree.
 */

/** Both directions: a block hides each user from the other everywhere. */
export const blockedBetween = (me: string, other: SQL | string) => sql`exists (
  select 1 from blocks b
  where (b.blocker_id = ${me} and b.blocked_id = ${other}) or (b.blocker_id = ${other} and b.blocked_id = ${me}))`;

export const isFriendOf = (me: string, other: SQL | string) =>
  sql`exists (select 1 from friendships f where f.user_id = ${me} and f.friend_id = ${other})`;

/**
 * Who may see a Pact: never across a block; always its creator and its participants (hidden or not); otherwise
 * only when not hidden and public or pro (anyone) or friends (the creator's friends). Private: creator alone.
 * A demo user's Pacts are seen only by their own sandbox (their friends), so visitors never see each other's data.
 */
export function visibleTo(me: string): SQL {
  const creator = sql`${pacts.creatorId}`;
  return sql`(not ${blockedBetween(me, creator)} and (
    ${pacts.creatorId} = ${me}
    or exists (select 1 from participations vp
               where vp.pact_id = ${pacts.id} and vp.user_id = ${me} and vp.status <> 'left')
    or (${pacts.isHidden} = false and (
          (${pacts.visibility} in ('public', 'pro')
             and (not exists (select 1 from users cu where cu.id = ${pacts.creatorId} and cu.is_demo)
                  or ${isFriendOf(me, creator)}))
          or (${pacts.visibility} = 'friends' and ${isFriendOf(me, creator)})))))`;
}

const mine = alias(participations, 'my');

/** One row per Pact with everything a Challenge needs, seen by `me`. */
function pactRows(db: Db, me: string) {
  return db
    .select({
      pact: pacts,
      creator: {
        id: users.id,
        firstName: users.firstName,
        username: users.username,
        profileImageUrl: users.image,
      },
      team: {
        id: teams.id,
        name: teams.name,
        coachId: teams.coachId,
        subscriptionPrice: teams.subscriptionPrice,
      },
      myStatus: mine.status,
      myStartDay: mine.startDay,
      likedByMe: sql<boolean>`exists (select 1 from ${pactLikes} ml
        where ml.pact_id = ${pacts.id} and ml.user_id = ${me})`.mapWith(Boolean),
    })
    .from(pacts)
    .innerJoin(users, eq(users.id, pacts.creatorId))
    .leftJoin(teams, eq(teams.id, pacts.teamId))
    .leftJoin(mine, and(eq(mine.pactId, pacts.id), eq(mine.userId, me), ne(mine.status, 'left')));
}

export type PactRow = Awaited<ReturnType<ReturnType<typeof pactRows>['execute']>>[number];

export type ListFilter = 'all' | 'friends' | 'popular' | 'mine';

/** Keyset page newest first: ids below `beforeId`. Reads `limit + 1` so the caller knows if more follow. */
export async function listVisible(
  db: Db,
  me: string,
  opts: { filter: ListFilter; beforeId: number | null; limit: number; popularAbove: number },
): Promise<PactRow[]> {
  const conditions: SQL[] = [visibleTo(me)];
  if (opts.beforeId != null) conditions.push(lt(pacts.id, opts.beforeId));
  if (opts.filter === 'friends') {
    const ids = await friendsPageIds(db, me, opts.beforeId, opts.limit + 1);
    if (ids.length === 0) return [];
    conditions.push(inArray(pacts.id, ids));
  }
  if (opts.filter === 'popular') conditions.push(gt(pacts.participantCount, opts.popularAbove));
  if (opts.filter === 'mine') conditions.push(eq(pacts.creatorId, me));
  return pactRows(db, me)
    .where(and(...conditions))
    .orderBy(desc(pacts.id))
    .limit(opts.limit + 1);
}

/**
 * Ids of the friends feed page: per friend, their newest visible Pacts by the (creator_id, id) index, then merged.
 * The cost is friends x page size whatever the table size or statistics (PGlite never auto-analyzes, and the
 * planner then reads every Pact of a prolific friend before sorting).
 */
async function friendsPageIds(db: Db, me: string, beforeId: number | null, limit: number): Promise<number[]> {
  const before = beforeId != null ? sql`and ${pacts.id} < ${beforeId}` : sql``;
  const result = await db.execute(sql`
    select page.id from friendships mf
    cross join lateral (
      select ${pacts.id} as id from ${pacts}
      where ${pacts.creatorId} = mf.friend_id ${before} and ${visibleTo(me)}
      order by ${pacts.id} desc limit ${limit}) page
    where mf.user_id = ${me}
    order by page.id desc limit ${limit}`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

export async function findVisible(db: Db, me: string, pactId: number): Promise<PactRow | undefined> {
  const [row] = await pactRows(db, me).where(and(eq(pacts.id, pactId), visibleTo(me)));
  return row;
}

export async function findVisibleMany(db: Db, me: string, pactIds: number[]): Promise<PactRow[]> {
  if (pactIds.length === 0) return [];
  return pactRows(db, me).where(and(inArray(pacts.id, pactIds), visibleTo(me)));
}

/** Pacts visible to `me` scheduled today whose 'HH:MM' is one of `times`; the caller's own first. */
export async function listLive(
  db: Db,
  me: string,
  opts: { weekday: string; times: string[]; limit: number },
): Promise<PactRow[]> {
  if (opts.times.length === 0) return [];
  return pactRows(db, me)
    .where(
      and(
        visibleTo(me),
        inArray(pacts.workoutTime, opts.times),
        sql`${opts.weekday} = any(${pacts.scheduleDays})`,
      ),
    )
    .orderBy(sql`(${mine.id} is null)`, desc(pacts.id))
    .limit(opts.limit);
}

/** The Pacts `me` liked, most recent like first, that `me` may still see. */
export async function listLiked(db: Db, me: string, limit: number): Promise<PactRow[]> {
  return pactRows(db, me)
    .innerJoin(pactLikes, and(eq(pactLikes.pactId, pacts.id), eq(pactLikes.userId, me)))
    .where(visibleTo(me))
    .orderBy(desc(pactLikes.createdAt), desc(pacts.id))
    .limit(limit);
}

/** Pacts created by `creatorId` that `me` may see, newest first, with their total count. */
export async function listCreatedVisible(db: Db, me: string, creatorId: string, limit: number) {
  const where = and(eq(pacts.creatorId, creatorId), visibleTo(me));
  const rows = await pactRows(db, me).where(where).orderBy(desc(pacts.id)).limit(limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(pacts).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Bare Pact row, no access check: for services that already checked access. */
export async function findPact(db: Db, pactId: number) {
  const [row] = await db.select().from(pacts).where(eq(pacts.id, pactId));
  return row;
}
