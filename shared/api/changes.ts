import { z } from 'zod';

/**
 * "What changed" (docs/CLIENT.md, Freshness): the server tells a user's open screens which of their data moved,
 * and the client refetches exactly the queries that show it. Topics, and what the client refreshes for each:
 * - progress: the user's own figures (streak, freezes, points, XP, level) and calendar
 * - participations: Pact cards' progress and Pacts' participant lists
 * - leaderboard: rankings
 * - pacts: the user's list of Pacts (a membership began or ended)
 */
export const CHANGE_TOPICS = ['progress', 'participations', 'leaderboard', 'pacts'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** To every socket of the user, without subscribing. */
export const changedFrame = z.object({
  type: z.literal('changed'),
  topics: z.array(z.enum(CHANGE_TOPICS)).min(1),
});
export type ChangedFrame = z.infer<typeof changedFrame>;
