import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * Blocking and moderation rules. A block works both ways: whoever blocked whom, the two users no longer see each
 * other's Pacts, messages, proofs, notifications or profiles. Only admins reach the moderation queue; everyone
 * else gets the same 404 as an unknown path, so the admin area is not revealed.
 */

/** SQL: `me` and `other` are blocked in either direction. */
export const blockedBetween = (me: string | Placeholder, other: SQL | string): SQL => sql`exists (
  select 1 from blocks b
  where (b.blocker_id = ${me} and b.blocked_id = ${other}) or (b.blocker_id = ${other} and b.blocked_id = ${me}))`;

/**
 * Try Demo sandboxes (DECISIONS 3): a demo account exists only for itself and its own sample friends (users/policy.ts
 * reads these as "who exists for whom"; a demo visitor sees real people).
 */
/** SQL: `other` is a demo account of another sandbox than `me`'s (not `me`, not one of `me`'s sample friends). */
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

/** Block pairs loaded for some users, each as "a:b" in both directions (see safety/service blockedPairs). */
export type BlockPairs = ReadonlySet<string>;

/** The same rule on pairs already loaded. */
export const isBlockedPair = (pairs: BlockPairs, a: string, b: string): boolean => pairs.has(`${a}:${b}`);

/** Only admins moderate (the reports queue, hiding Pacts, banning users). */
export const mayModerate = (actor: { role: string }): boolean => actor.role === 'admin';

/** Only plain users can be banned: admins and system users (the AI trainer) cannot. */
export const mayBeBanned = (target: { role: string } | undefined): boolean => target?.role === 'user';
