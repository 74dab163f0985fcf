/**
 * Blocking and moderation rules. A block works both ways: whoever blocked whom, the two users no longer see each
 * other's Pacts, messages, proofs, notifications or profiles. Only admins reach the moderation queue; everyone
 * else gets the same 404 as an unknown path, so the admin area is not revealed. The SQL conditions of blocks and
 * sandboxes are part of "who exists for whom", in users/policy.ts.
 */

/** Block pairs loaded for some users, each as "a:b" in both directions (see safety/service blockedPairs). */
export type BlockPairs = ReadonlySet<string>;

/** The same rule on pairs already loaded. */
export const isBlockedPair = (pairs: BlockPairs, a: string, b: string): boolean => pairs.has(`${a}:${b}`);

/** Only admins moderate (the reports queue, hiding Pacts, banning users). */
export const mayModerate = (actor: { role: string }): boolean => actor.role === 'admin';

/** Only plain users can be banned: admins and system users (the AI trainer) cannot. */
export const mayBeBanned = (target: { role: string } | undefined): boolean => target?.role === 'user';
