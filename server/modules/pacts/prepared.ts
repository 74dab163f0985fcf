import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pacts, participations, teams } from '../../db/schema';
import { limitLiteral, statementCache } from '../../platform/prepared';
import { teamAccessibleNow } from '../teams/policy';
import { pactVisibleTo } from './policy';
import { type PactRow, pactRows } from './repo';

/**
 * The hottest Pact reads (Discover's pages, a Pact's detail, every read that checks a Pact is visible) as prepared
 * statements: built by the ORM once per database instead of per request, and sent under a name so PostgreSQL
 * parses them once per connection and, after a few runs, reuses one plan instead of planning each request. They
 * are repo.ts's queries (`pactRows` filtered by the `pactVisibleTo` rule) with the caller as a parameter
 * (platform/prepared.ts). On PGlite the name is ignored and they run as ordinary queries.
 */

const me = sql.placeholder('me');

const statement = statementCache((db: Db, key: string) => {
  const visible = pactVisibleTo(me);
  const [kind, size] = key.split(':');
  switch (kind) {
    case 'newest':
      return pactRows(db, me)
        .where(visible)
        .orderBy(desc(pacts.id))
        .limit(limitLiteral(Number(size)))
        .prepare(`pacts_newest_${size}`);
    case 'newestBefore':
      return pactRows(db, me)
        .where(and(visible, lt(pacts.id, sql.placeholder('beforeId'))))
        .orderBy(desc(pacts.id))
        .limit(limitLiteral(Number(size)))
        .prepare(`pacts_newest_before_${size}`);
    case 'one':
      return pactRows(db, me)
        .where(and(eq(pacts.id, sql.placeholder('pactId')), visible))
        .prepare('pacts_one_visible');
    default:
      throw new Error(`no prepared Pact read ${key}`);
  }
});

/** Keyset page of every Pact `me` may see, newest first (Discover's "all"): ids below `beforeId` if given. */
export function listNewestVisible(
  db: Db,
  meId: string,
  beforeId: number | null,
  limit: number,
): Promise<PactRow[]> {
  return beforeId == null
    ? statement(db, `newest:${limit}`).execute({ me: meId })
    : statement(db, `newestBefore:${limit}`).execute({ me: meId, beforeId });
}

/** One Pact as `me` sees it (repo.findVisible, prepared). */
export async function findVisiblePrepared(
  db: Db,
  meId: string,
  pactId: number,
): Promise<PactRow | undefined> {
  const [row] = await statement(db, 'one').execute({ me: meId, pactId });
  return row;
}

const mine = alias(participations, 'my');

/**
 * The access read (pactAccess): `pacts_one_visible`'s rule and its answer for these columns only, the Pact's
 * `teamAccess` and `myStatus` computed as `pactRows` does, without the card (creator, team, like, every column).
 */
const accessStatement = statementCache((db: Db) =>
  db
    .select({
      pactId: pacts.id,
      creatorId: pacts.creatorId,
      myStatus: mine.status,
      teamAccess: sql<boolean>`(${teams.id} is null or ${teamAccessibleNow(me)})`.mapWith(Boolean),
    })
    .from(pacts)
    .leftJoin(teams, eq(teams.id, pacts.teamId))
    .leftJoin(mine, and(eq(mine.pactId, pacts.id), eq(mine.userId, me), ne(mine.status, 'left')))
    .where(and(eq(pacts.id, sql.placeholder('pactId')), pactVisibleTo(me)))
    .prepare('pacts_one_access'),
);

export type PactAccess = Awaited<ReturnType<ReturnType<typeof accessStatement>['execute']>>[number];

/** Whether `me` may see the Pact, with what acting in it needs (undefined: no such Pact, or not visible). */
export async function findAccessPrepared(
  db: Db,
  meId: string,
  pactId: number,
): Promise<PactAccess | undefined> {
  const [row] = await accessStatement(db, '').execute({ me: meId, pactId });
  return row;
}
