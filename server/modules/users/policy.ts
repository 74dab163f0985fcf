import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { media, users } from '../../db/schema';
import { evaluate, type FactsSql, ruleBuilder, toSql } from '../../platform/rules';

/**
 * Who exists for whom: a banned user exists for nobody, and a user on either side of a block does not exist for
 * the other (their profile, participations and friend button are a 404). A Try Demo account exists only inside
 * its own sandbox (DECISIONS 3): for itself and its sample friends; other visitors and real people never see it,
 * while a demo visitor sees real people as anyone does.
 */

/*
 * The SQL conditions of blocks and sandboxes, read by every module's queries: they sit here, under them all, since
 * they decide who exists for whom (the blocks table is written by safety, a sandbox's friendships by friends).
 */

/** SQL: `me` and `other` are blocked in either direction. */
export const blockedBetween = (me: string | Placeholder, other: SQL | string): SQL => sql`exists (
  select 1 from blocks b
  where (b.blocker_id = ${me} and b.blocked_id = ${other}) or (b.blocker_id = ${other} and b.blocked_id = ${me}))`;

/**
 * Try Demo sandboxes (DECISIONS 3): a demo account exists only for itself and its own sample friends; a demo
 * visitor sees real people. SQL: `other` is a demo account of another sandbox than `me`'s (not `me`, not one of `me`'s sample friends). */
export const outsideSandbox = (me: string | Placeholder, other: SQL | string): SQL => sql`exists (
  select 1 from users du where du.id = ${other} and du.is_demo and du.id <> ${me}
    and not exists (select 1 from friendships sf where sf.user_id = ${me} and sf.friend_id = du.id))`;

/** SQL: the ids of every demo account of another sandbox than `me`'s (a subquery: `x not in ...`). */
export const outsideSandboxIds = (me: string | Placeholder): SQL => sql`(
  select du.id from users du where du.is_demo and du.id <> ${me}
    and not exists (select 1 from friendships sf where sf.user_id = ${me} and sf.friend_id = du.id))`;

/** SQL: the ids of everyone blocked with `me`, either way (a subquery, read once per statement: `x not in ...`). */
export const blockedWithIds = (me: string | Placeholder): SQL => sql`(
  select b.blocked_id from blocks b where b.blocker_id = ${me}
  union all select b.blocker_id from blocks b where b.blocked_id = ${me})`;

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

/** SQL over the `media` row in scope (media/policy.ts setAttachmentRules): someone shows it as their profile picture. */
export const avatarInUse = (): SQL =>
  sql`exists (select 1 from users where users.profile_image_url = '/media/' || ${media.id})`;
