import { leaderboardQuery, leaderboardResponse } from '../leaderboard';
import { defineRoutes } from '../route';

/** Leaderboards (docs/RULES.md "Progress"). */
export const leaderboardRoutes = defineRoutes('leaderboard', {
  get: {
    summary: "The top 100 of one metric and scope, with the caller's own entry",
    auth: 'user',
    query: leaderboardQuery,
    answers: { 200: leaderboardResponse },
  },
});
