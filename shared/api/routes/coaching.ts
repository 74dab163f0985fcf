import { teamAnalytics, teamAnalyticsParams, teamAnalyticsQuery } from '../coaching';
import { defineRoutes } from '../route';

/** Coach tools of a Pro team (docs/MESSAGES.md). */
export const coachingRoutes = defineRoutes('coaching', {
  analytics: {
    summary:
      "A team's members, trials, conversions, revenue, churn and proof completion over time (its coach only)",
    auth: 'user',
    params: teamAnalyticsParams,
    query: teamAnalyticsQuery,
    answers: { 200: teamAnalytics },
    errors: { 404: 'No such team, or the caller is not its coach.' },
  },
});
