import type { EarningsResponse, EarningsRow } from '@shared/api/earnings';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { earningsCsvUrl, useEarnings } from '../../api/coaching';
import { errorStatus } from '../../api/errors';
import { buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Page } from '../layout/Page';
import { TestModeNotice } from '../teams/TestModeNotice';
import { dayLabel, money, monthLabel, payoutStatus } from './earnings-format';

const FORMER_MEMBER = 'Former member';

/** A coach's earnings (/earnings, ?team=<id> for one team): the ledger's rows, months and totals, payouts. */
export function EarningsPage() {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const raw = Number(search.get('team'));
  const teamId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const earnings = useEarnings(teamId);
  const pickId = useId();

  if (errorStatus(earnings.error) === 404) {
    return (
      <Page title="Earnings" back="/teams">
        <EmptyState
          title="Team not found"
          description="Only a team's coach sees its earnings."
          headingLevel="h2"
        />
      </Page>
    );
  }
  const data = earnings.data;
  return (
    <Page title="Earnings" back={teamId ? `/teams/${teamId}` : '/teams'}>
      <TestModeNotice className="mb-3" />
      {data && data.teams.length > 1 ? (
        <div className="mb-3">
          <label htmlFor={pickId} className="mb-1 block font-medium text-muted-foreground text-xs">
            Team
          </label>
          <select
            id={pickId}
            value={teamId ?? ''}
            onChange={(e) => navigate(e.target.value ? `/earnings?team=${e.target.value}` : '/earnings')}
            className="h-11 w-full rounded-xl border border-input bg-background px-3 text-sm"
          >
            <option value="">All teams</option>
            {data.teams
              .filter((t) => t.teamId !== null)
              .map((t) => (
                <option key={t.teamId} value={t.teamId!}>
                  {t.name}
                </option>
              ))}
          </select>
        </div>
      ) : null}
      {earnings.isError ? (
        <EmptyState
          title="Could not load earnings"
          description="Check your connection and try again."
          headingLevel="h2"
        />
      ) : data ? (
        <Figures data={data} teamId={teamId} />
      ) : (
        <>
          <Skeleton className="h-32 w-full rounded-2xl" />
          <Skeleton className="mt-4 h-48 w-full rounded-2xl" />
        </>
      )}
    </Page>
  );
}

function Figures({ data, teamId }: { data: EarningsResponse; teamId: number | null }) {
  const t = data.totals;
  return (
    <>
      <section aria-labelledby="earnings-total" className="rounded-2xl bg-card p-4">
        <h2 id="earnings-total" className="text-muted-foreground text-sm">
          Your earnings (85%)
        </h2>
        <p className="font-extrabold text-3xl tracking-tight" data-testid="earnings-net">
          {money(t.coachNetCents)}
        </p>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-muted-foreground">Charged</dt>
            <dd className="font-semibold">{money(t.grossCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Platform fee 15%</dt>
            <dd className="font-semibold">{money(t.platformFeeCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Payments</dt>
            <dd className="font-semibold">
              {t.charges}
              {t.refunds > 0 ? ` (${t.refunds} refund${t.refunds === 1 ? '' : 's'})` : ''}
            </dd>
          </div>
        </dl>
        <a
          href={earningsCsvUrl(teamId)}
          download
          className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3 w-full' })}
        >
          <Download aria-hidden="true" />
          Download CSV
        </a>
      </section>
      <Payouts data={data} />
      {data.months.length > 0 ? (
        <section aria-labelledby="earnings-months" className="mt-4">
          <h2 id="earnings-months" className="mb-2 font-bold text-base">
            By month
          </h2>
          <ul className="grid gap-2">
            {data.months.map((m) => (
              <li key={m.month} className="flex items-center gap-3 rounded-2xl bg-card p-3 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{monthLabel(m.month)}</p>
                  <p className="text-muted-foreground text-xs">
                    {money(m.grossCents)} charged, {money(m.platformFeeCents)} fee
                  </p>
                </div>
                <p className="font-bold">{money(m.coachNetCents)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="earnings-rows" className="mt-4">
        <h2 id="earnings-rows" className="mb-2 font-bold text-base">
          Payments
        </h2>
        {data.rows.length === 0 ? (
          <p className="rounded-2xl bg-card p-4 text-muted-foreground text-sm">
            No payments yet. When a member's trial turns into a paid month, the payment shows here with your
            85%.
          </p>
        ) : (
          <ul className="grid gap-2" data-testid="earnings-rows">
            {data.rows.map((r) => (
              <Row key={r.id} row={r} showTeam={teamId === null && data.teams.length > 1} />
            ))}
          </ul>
        )}
        {data.rowsTotal > data.rows.length ? (
          <p className="mt-2 text-muted-foreground text-xs">
            The newest {data.rows.length} of {data.rowsTotal} payments; the CSV has them all.
          </p>
        ) : null}
      </section>
    </>
  );
}

function Row({ row: r, showTeam }: { row: EarningsRow; showTeam: boolean }) {
  const refund = r.kind === 'refund';
  return (
    <li className="rounded-2xl bg-card p-3 text-sm">
      <div className="flex items-baseline gap-2">
        <p className="min-w-0 flex-1 truncate font-semibold">
          {refund ? 'Refund: ' : ''}
          {r.member ?? FORMER_MEMBER}
        </p>
        <p className={refund ? 'font-bold text-destructive' : 'font-bold'}>{money(r.coachNetCents)}</p>
      </div>
      <p className="truncate text-muted-foreground text-xs">
        {dayLabel(r.at)}
        {showTeam ? ` · ${r.teamName ?? 'Closed team'}` : ''} · {money(r.grossCents)} charged,{' '}
        {money(r.platformFeeCents)} fee
      </p>
    </li>
  );
}

function Payouts({ data }: { data: EarningsResponse }) {
  if (data.mode !== 'stripe') return null;
  return (
    <section aria-labelledby="earnings-payouts" className="mt-4">
      <h2 id="earnings-payouts" className="mb-2 font-bold text-base">
        Payouts to your bank
      </h2>
      {data.payoutsError ? (
        <p className="rounded-2xl bg-card p-4 text-muted-foreground text-sm">{data.payoutsError}</p>
      ) : !data.payouts ? (
        <p className="rounded-2xl bg-card p-4 text-muted-foreground text-sm">
          Set up payouts on your team's page to get paid.
        </p>
      ) : data.payouts.length === 0 ? (
        <p className="rounded-2xl bg-card p-4 text-muted-foreground text-sm">No payouts yet.</p>
      ) : (
        <ul className="grid gap-2">
          {data.payouts.map((p) => (
            <li key={p.id} className="flex items-center gap-3 rounded-2xl bg-card p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{payoutStatus(p.status)}</p>
                <p className="text-muted-foreground text-xs">
                  {p.arrivalAt ? `Arrives ${dayLabel(p.arrivalAt)}` : 'Arrival date not known yet'}
                </p>
              </div>
              <p className="font-bold">{money(p.amountCents)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
