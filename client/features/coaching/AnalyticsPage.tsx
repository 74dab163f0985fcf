import type { TeamAnalytics } from '@shared/api/coaching';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useTeamAnalytics } from '../../api/coaching';
import { errorStatus } from '../../api/errors';
import { cn } from '../../lib/cn';
import { buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Page } from '../layout/Page';
import { dollars } from '../teams/team-format';
import { axisDollars, bucketLabel, count, headline, percent } from './analytics-format';
import { type ChartSeries, LineChart } from './LineChart';

type Period = 'week' | 'month';

/** A team's coach analytics (/teams/:id/analytics), its coach only; loaded on its own with the chart library. */
export function AnalyticsPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const [period, setPeriod] = useState<Period>('week');
  const analytics = useTeamAnalytics(valid ? id : null, period);
  const back = valid ? `/teams/${id}` : '/teams';

  if (!valid || errorStatus(analytics.error) === 404) {
    return (
      <Page title="Analytics" back={back}>
        <EmptyState
          title="Team not found"
          description="Only a team's coach sees its analytics."
          headingLevel="h2"
        >
          <Link href="/teams" className={buttonVariants()}>
            Back to Teams
          </Link>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title="Analytics" back={back}>
      {analytics.data ? (
        <p className="-mt-2 mb-3 truncate text-muted-foreground text-sm">{analytics.data.team.name}</p>
      ) : null}
      <fieldset className="grid grid-cols-2 gap-1 rounded-2xl bg-secondary p-1">
        <legend className="sr-only">Period</legend>
        {(['week', 'month'] as const).map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={period === p}
            onClick={() => setPeriod(p)}
            className={cn(
              'h-11 rounded-xl font-semibold text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              period === p ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground',
            )}
          >
            {p === 'week' ? 'Weekly' : 'Monthly'}
          </button>
        ))}
      </fieldset>
      {analytics.isError ? (
        <EmptyState
          className="mt-6"
          title="Could not load analytics"
          description="Check your connection and try again."
          headingLevel="h2"
        />
      ) : analytics.data ? (
        <Figures data={analytics.data} />
      ) : (
        <>
          <Skeleton className="mt-4 h-40 w-full rounded-2xl" />
          <Skeleton className="mt-4 h-48 w-full rounded-2xl" />
        </>
      )}
    </Page>
  );
}

function Figures({ data }: { data: TeamAnalytics }) {
  const charts = useMemo(() => chartsOf(data), [data]);
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-2">
        {headline(data).map((h) => (
          <div key={h.label} className="rounded-2xl bg-card p-3">
            <dt className="text-muted-foreground text-xs">{h.label}</dt>
            <dd className="font-extrabold text-2xl tracking-tight">{h.value}</dd>
            <dd className="text-muted-foreground text-xs">{h.note}</dd>
          </div>
        ))}
      </dl>
      {charts.map((c) => (
        <LineChart key={c.title} title={c.title} days={c.days} series={c.series} />
      ))}
      <details className="mt-4 rounded-2xl bg-card p-3 text-sm">
        <summary className="cursor-pointer font-semibold">Figures by {data.period}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-xs">
            <thead>
              <tr className="text-muted-foreground">
                <th className="py-1 pr-2 font-medium">From</th>
                <th className="py-1 pr-2 font-medium">Members</th>
                <th className="py-1 pr-2 font-medium">Trials</th>
                <th className="py-1 pr-2 font-medium">Conv.</th>
                <th className="py-1 pr-2 font-medium">MRR</th>
                <th className="py-1 pr-2 font-medium">Churn</th>
                <th className="py-1 font-medium">Proofs</th>
              </tr>
            </thead>
            <tbody>
              {data.series.map((b) => (
                <tr key={b.start} className="border-border border-t">
                  <td className="whitespace-nowrap py-1 pr-2">
                    {bucketLabel(b.start, data.period, data.series.at(-1)?.start ?? b.start)}
                  </td>
                  <td className="py-1 pr-2">{count(b.members)}</td>
                  <td className="py-1 pr-2">{count(b.trials)}</td>
                  <td className="py-1 pr-2">{count(b.conversions)}</td>
                  <td className="py-1 pr-2">{dollars(b.mrrCents)}</td>
                  <td className="py-1 pr-2">{percent(b.churnRate)}</td>
                  <td className="py-1">{percent(b.proofCompletionRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

function chartsOf(data: TeamAnalytics): { title: string; days: string[]; series: ChartSeries[] }[] {
  const days = data.series.map((b) => b.start);
  const n = (v: number) => count(Math.round(v));
  const pct = (v: number) => `${Math.round(v)}%`;
  const usd = (dollars: number) => axisDollars(Math.round(dollars * 100));
  const asPct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
  return [
    {
      title: 'Members, trials and conversions',
      days,
      series: [
        { label: 'Members', color: '--success', values: data.series.map((b) => b.members), format: n },
        { label: 'Trials', color: '--warning', values: data.series.map((b) => b.trials), format: n },
        { label: 'Conversions', color: '#6d6af0', values: data.series.map((b) => b.conversions), format: n },
      ],
    },
    {
      title: 'Revenue',
      days,
      series: [
        // Plotted in dollars, so the axis steps in whole dollars (in cents, an empty chart read '$0' twice).
        { label: 'MRR', color: '--success', values: data.series.map((b) => b.mrrCents / 100), format: usd },
        {
          label: 'Charged',
          color: '#6d6af0',
          values: data.series.map((b) => b.revenueCents / 100),
          format: usd,
        },
      ],
    },
    {
      title: 'Churn and proof completion',
      days,
      series: [
        {
          label: 'Proofs',
          color: '--success',
          values: data.series.map((b) => asPct(b.proofCompletionRate)),
          format: pct,
        },
        {
          label: 'Churn',
          color: '--destructive',
          values: data.series.map((b) => asPct(b.churnRate)),
          format: pct,
        },
      ],
    },
  ];
}
