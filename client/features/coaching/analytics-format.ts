import type { AnalyticsBucket, TeamAnalytics } from '@shared/api/coaching';
import { formatCount } from '../../lib/count';
import { dollars } from '../teams/team-format';

/** '42%', or '-' when there was nothing to count. */
export const percent = (rate: number | null): string => (rate === null ? '-' : `${Math.round(rate * 100)}%`);

/** Whole dollars on axes ('$1.2k' past a thousand), exact cents elsewhere. */
export function axisDollars(cents: number): string {
  const d = cents / 100;
  return Math.abs(d) >= 1000 ? `$${(d / 1000).toFixed(1)}k` : `$${Math.round(d)}`;
}

export const count = formatCount;

/** The latest bucket with a rate, for the headline figure. */
export function latestRate(
  series: AnalyticsBucket[],
  key: 'churnRate' | 'proofCompletionRate',
): number | null {
  for (let i = series.length - 1; i >= 0; i -= 1) {
    const v = series[i]![key];
    if (v !== null) return v;
  }
  return null;
}

export function headline(a: TeamAnalytics) {
  const t = a.totals;
  const churn = latestRate(a.series, 'churnRate');
  const proofs = latestRate(a.series, 'proofCompletionRate');
  return [
    { label: 'Members', value: count(t.members), note: `${count(t.trialing)} in trial` },
    { label: 'Trials', value: count(t.trials), note: 'started in total' },
    {
      label: 'Conversions',
      value: count(t.conversions),
      note: t.conversionRate === null ? 'no trial ended yet' : `${percent(t.conversionRate)} of ended trials`,
    },
    { label: 'Monthly revenue', value: dollars(t.mrrCents), note: 'recurring (MRR)' },
    {
      label: 'Churn',
      value: percent(churn),
      note: churnNote(a, churn),
    },
    {
      label: 'Proof completion',
      value: percent(proofs),
      note: proofs === null ? 'no workout days yet' : `latest ${a.period}`,
    },
  ];
}

/**
 * The Churn tile's note. A rate needs members at a bucket's start, so it is '-' while everyone who left joined and
 * left within the same week or month: the note then says how many left rather than that nobody did.
 */
export function churnNote(a: TeamAnalytics, churn: number | null): string {
  if (churn !== null) return `latest ${a.period}`;
  const left = a.series.reduce((sum, b) => sum + b.churned, 0);
  return left === 0 ? 'nobody left yet' : `${count(left)} left within their first ${a.period}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A bucket's first day ('YYYY-MM-DD', UTC) for the figures table: 'Dec 2025' for a month; 'Dec 29' for a week, with
 * the year when it is not the latest bucket's ('Dec 29, 2025' in a table that reaches into 2026).
 */
export function bucketLabel(start: string, period: 'week' | 'month', latestStart: string): string {
  const [year, month, day] = start.split('-');
  const name = MONTHS[Number(month) - 1] ?? month;
  if (period === 'month') return `${name} ${year}`;
  const sameYear = year === latestStart.slice(0, 4);
  return `${name} ${Number(day)}${sameYear ? '' : `, ${year}`}`;
}
