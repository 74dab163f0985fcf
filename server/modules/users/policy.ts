import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { evaluate, type FactsSql, ruleBuilder, toSql } from '../../platform/rules';
import { blockedBetween } from '../safety/policy';

export { outsideSandbox, outsideSandboxIds } from '../safety/policy';

/**
 * Who exists for whom: a banned user exists for nobody, and a user on either side of a block does not exist for
 * the other (their profile, participations and friend button are a 404). A Try Demo account exists only inside
 * its own sandbox (DECISIONS 3): for itself and its sample friends; other visitors and real people never see it,
 * while a demo visitor sees real people as anyone does.
 */

export type UserFacts = { isBanned: boolean; blockedWithMe: boolean; otherSandbox: boolean };

const r = ruleBuilder<UserFacts>();

export const USER_VISIBLE = r.all(r.not('isBanned'), r.not('blockedWithMe'), r.not('otherSandbox'));

export function userFactsSql(me: string): FactsSql<UserFacts> {
  return {
    isBanned: sql`${users.bannedAt} is not null`,
    blockedWithMe: blockedBetween(me, sql`${users.id}`),
    otherSandbox: sql`(${users.isDemo} and ${users.id} <> ${me} and not exists (
      select 1 from friendships sf where sf.user_id = ${me} and sf.friend_id = ${users.id}))`,
  };
}

/** SQL: the `users` row in scope exists for `me`. */
export const userVisibleTo = (me: string): SQL => toSql(USER_VISIBLE, userFactsSql(me));

export const canSeeUser = (facts: UserFacts): boolean => evaluate(USER_VISIBLE, facts);

/** SQL: the user with this id is banned (for rows that name a user without joining `users`). */
export const isBannedUser = (id: SQL): SQL =>
  sql`exists (select 1 from users bu where bu.id = ${id} and bu.banned_at is not null)`;
