import { teamAnalytics, teamAnalyticsParams, teamAnalyticsQuery } from '../coaching';
import { earningsQuery, earningsResponse } from '../earnings';
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
  earnings: {
    summary:
      "The caller's earnings as a coach: every ledger row, per team, per month and in total; Stripe payouts",
    auth: 'user',
    query: earningsQuery,
    answers: { 200: earningsResponse },
    errors: { 404: 'teamId names no team the caller coaches.' },
  },
  earningsCsv: {
    summary: "The caller's earnings rows as a CSV file (the same rows and figures as the JSON answer)",
    description:
      'text/csv; one row per ledger row, amounts in dollars. A text cell starting with =, +, -, @, tab or CR is ' +
      "prefixed with ' so a spreadsheet shows it as text (formula injection).",
    auth: 'user',
    query: earningsQuery,
    errors: { 404: 'teamId names no team the caller coaches.' },
  },
});
