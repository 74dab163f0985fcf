import { and, desc, eq, gt, inArray, lt, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CHALLENGE_FILTERS } from '../../../shared/api/pacts';
import type { Db } from '../../db/client';
import { pactLikes, pacts, participations, teams, users } from '../../db/schema';
import { statementCache } from '../../platform/prepared';
import { teamAccessibleNow } from '../teams/policy';
import { userSummary } from '../users/summary';
import { type PactFacts, pactFactsSql, pactVisibleTo } from './policy';

/**
 * Reads of Pacts. Every read that a caller can reach filters with `pactVisibleTo` (pacts/policy.ts), the one rule
 * of who may see a Pact, so lists, counts and single reads can never disagree.
 */

const mine = alias(participations, 'my');

/** One row per Pact with everything a Challenge needs, seen by `me` (prepared.ts prepares the hot ones). */
export function pactRows(db: Db, me: string | Placeholder) {
  return db
    .select({
      pact: pacts,
      creator: userSummary(users),
      // A sandbox Pact (countsAsParticipant): read with the creator's row already joined, for presentPact's count.
      creatorIsDemo: users.isDemo,
      team: {
        id: teams.id,
        name: teams.name,
        coachId: teams.coachId,
        subscriptionPrice: teams.subscriptionPrice,
        imageUrl: teams.imageUrl,
        accentColor: teams.accentColor,
      },
      myStatus: mine.status,
      myStartDay: mine.startDay,
      likedByMe: sql<boolean>`exists (select 1 from ${pactLikes} ml
        where ml.pact_id = ${pacts.id} and ml.user_id = ${me})`.mapWith(Boolean),
      // Whether `me` may use the Pact: always for one without a team, else the team access rule (its coach, or a
      // live subscription), so a member whose access ended sees it on the card instead of a closed chat.
      teamAccess: sql<boolean>`(${teams.id} is null or ${teamAccessibleNow(me)})`.mapWith(Boolean),
    })
    .from(pacts)
    .innerJoin(users, eq(users.id, pacts.creatorId))
    .leftJoin(teams, eq(teams.id, pacts.teamId))
    .leftJoin(mine, and(eq(mine.pactId, pacts.id), eq(mine.userId, me), ne(mine.status, 'left')));
}

export type PactRow = Awaited<ReturnType<ReturnType<typeof pactRows>['execute']>>[number];

export type ListFilter = (typeof CHALLENGE_FILTERS)[number];

/** Keyset page newest first: ids below `beforeId`. Reads `limit + 1` so the caller knows if more follow. */
export async function listVisible(
  db: Db,
  me: string,
  opts: { filter: ListFilter; beforeId: number | null; limit: number; popularAbove: number },
): Promise<PactRow[]> {
  const conditions: SQL[] = [pactVisibleTo(me)];
  if (opts.beforeId != null) conditions.push(lt(pacts.id, opts.beforeId));
  if (opts.filter === 'friends') {
    const ids = await friendsPageIds(db, me, opts.beforeId, opts.limit + 1);
    if (ids.length === 0) return [];
    conditions.push(inArray(pacts.id, ids));
  }
  if (opts.filter === 'popular') conditions.push(gt(pacts.participantCount, opts.popularAbove));
  if (opts.filter === 'mine') conditions.push(eq(pacts.creatorId, me));
  // The hidden "Pro" filter: Pro Pacts of teams (their cards are visible to all, joining needs access).
  if (opts.filter === 'teams') conditions.push(eq(pacts.visibility, 'pro'));
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
      where ${pacts.creatorId} = mf.friend_id ${before} and ${pactVisibleTo(me)}
      order by ${pacts.id} desc limit ${limit}) page
    where mf.user_id = ${me}
    order by page.id desc limit ${limit}`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

export async function findVisible(db: Db, me: string, pactId: number): Promise<PactRow | undefined> {
  const [row] = await pactRows(db, me).where(and(eq(pacts.id, pactId), pactVisibleTo(me)));
  return row;
}

export async function findVisibleMany(db: Db, me: string, pactIds: number[]): Promise<PactRow[]> {
  if (pactIds.length === 0) return [];
  return pactRows(db, me).where(and(inArray(pacts.id, pactIds), pactVisibleTo(me)));
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
        pactVisibleTo(me),
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
    .where(pactVisibleTo(me))
    .orderBy(desc(pactLikes.createdAt), desc(pacts.id))
    .limit(limit);
}

/** Pacts created by `creatorId` that `me` may see, newest first, with their total count. */
export async function listCreatedVisible(db: Db, me: string, creatorId: string, limit: number) {
  const where = and(eq(pacts.creatorId, creatorId), pactVisibleTo(me));
  const rows = await pactRows(db, me).where(where).orderBy(desc(pacts.id)).limit(limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(pacts).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Bare Pact row, no access check: for services that already checked access. */
export async function findPact(db: Db, pactId: number) {
  const [row] = await db.select().from(pacts).where(eq(pacts.id, pactId));
  return row;
}

const creatorStatement = statementCache((db: Db) =>
  db
    .select({ creatorId: pacts.creatorId })
    .from(pacts)
    .where(eq(pacts.id, sql.placeholder('pactId')))
    .prepare('pact_creator'),
);

/** Who created a Pact (undefined: no such Pact), no access check: one column, for a listener of every message. */
export async function creatorOf(db: Db, pactId: number): Promise<string | undefined> {
  const [row] = await creatorStatement(db, '').execute({ pactId });
  return row?.creatorId;
}

/** The facts the visibility rule reads, for one Pact and one user (undefined: no such Pact). */
export async function pactFacts(db: Db, me: string, pactId: number): Promise<PactFacts | undefined> {
  const f = pactFactsSql(me);
  const bool = (expr: SQL) => sql<boolean>`${expr}`.mapWith(Boolean);
  const [row] = await db
    .select({
      blockedWithCreator: bool(f.blockedWithCreator),
      isCreator: bool(f.isCreator),
      isParticipant: bool(f.isParticipant),
      isHidden: pacts.isHidden,
      visibility: pacts.visibility,
      creatorIsDemo: bool(f.creatorIsDemo),
      friendOfCreator: bool(f.friendOfCreator),
    })
    .from(pacts)
    .where(eq(pacts.id, pactId));
  return row;
}

/** Whether a Pact `me` may see uses this media as its tutorial. */
export async function isTutorialOfVisiblePact(db: Db, me: string, mediaId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pacts.id })
    .from(pacts)
    .where(and(eq(pacts.tutorialMediaId, mediaId), pactVisibleTo(me)))
    .limit(1);
  return row !== undefined;
}

/** Other Pacts still pointing at these media ids (a tutorial may be reused), so their files are kept. */
export async function mediaStillUsed(db: Db, mediaIds: string[]): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const rows = await db
    .select({ id: pacts.tutorialMediaId })
    .from(pacts)
    .where(inArray(pacts.tutorialMediaId, mediaIds));
  return new Set(rows.map((r) => r.id).filter((id): id is string => !!id));
}

/** A built-in Pact of `creatorId` for this exercise, if one exists. */
export async function findByCreatorAndExercise(db: Db, creatorId: string, exerciseType: string) {
  const [row] = await db
    .select({ id: pacts.id, tutorialVideoUrl: pacts.tutorialVideoUrl })
    .from(pacts)
    .where(and(eq(pacts.creatorId, creatorId), eq(pacts.exerciseType, exerciseType)));
  return row;
}
