import {
  EARNINGS_ROWS,
  type EarningsQuery,
  type EarningsResponse,
  type EarningsRow,
  earningsQuery,
} from '../../../shared/api/earnings';
import type { AppContext } from '../../context';
import { billingProvider } from '../../platform/billing';
import { Amount, csvLine } from '../../platform/csv';
import { notFound } from '../../platform/errors';
import type { SessionUser } from '../session/guard';
import { payoutsOf } from '../stripe/service';
import * as repo from './earnings-repo';

/**
 * A coach's earnings (docs/EARNINGS.md): the ledger's rows as stored, never recomputed, so every figure here is
 * the ledger's to the cent. Anyone signed in may ask for their own (a person coaching nothing gets zeros); a
 * `teamId` must be a team the caller coaches, anything else is 404 like any team one may not see.
 */
export const TEAM_NOT_FOUND = 'Team not found';
export const ERASED_MEMBER = 'Former member';

async function scope(ctx: AppContext, me: SessionUser, query: EarningsQuery) {
  const { teamId } = earningsQuery.parse(query);
  const mine = await repo.teamsOfCoach(ctx.db, me.id);
  if (teamId !== undefined && !mine.some((t) => t.id === teamId)) throw notFound(TEAM_NOT_FOUND);
  return { teamId: teamId ?? null, mine };
}

const totalsOf = (r: {
  grossCents: string | number;
  platformFeeCents: string | number;
  coachNetCents: string | number;
  charges: string | number;
  refunds: string | number;
}) => ({
  grossCents: Number(r.grossCents),
  platformFeeCents: Number(r.platformFeeCents),
  coachNetCents: Number(r.coachNetCents),
  charges: Number(r.charges),
  refunds: Number(r.refunds),
});

const ZERO = { grossCents: 0, platformFeeCents: 0, coachNetCents: 0, charges: 0, refunds: 0 };

function rowOut(r: Awaited<ReturnType<typeof repo.earningsRows>>[number]): EarningsRow {
  return {
    id: r.id,
    at: r.at.toISOString(),
    kind: r.grossCents < 0 ? 'refund' : 'charge',
    teamId: r.teamId,
    teamName: r.teamName,
    member: r.member,
    grossCents: r.grossCents,
    platformFeeCents: r.platformFeeCents,
    coachNetCents: r.coachNetCents,
    currency: r.currency,
  };
}

export async function earnings(
  ctx: AppContext,
  me: SessionUser,
  query: EarningsQuery,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<EarningsResponse> {
  const { teamId, mine } = await scope(ctx, me, query);
  const [rows, months, byTeam, payouts] = await Promise.all([
    repo.earningsRows(ctx.db, me.id, teamId, EARNINGS_ROWS),
    repo.monthSums(ctx.db, me.id, teamId),
    repo.teamSums(ctx.db, me.id, teamId),
    payoutsOf(ctx, me.id, log),
  ]);
  const teamList: EarningsResponse['teams'] = (
    teamId === null ? mine : mine.filter((t) => t.id === teamId)
  ).map((t) => {
    const found = byTeam.find((s) => s.teamId === t.id);
    return { teamId: t.id, name: t.name, ...(found ? totalsOf(found) : ZERO) };
  });
  const closed = byTeam.find((s) => s.teamId === null);
  if (closed) teamList.push({ teamId: null, name: null, ...totalsOf(closed) });
  const totals = teamList.reduce(
    (sum, t) => ({
      grossCents: sum.grossCents + t.grossCents,
      platformFeeCents: sum.platformFeeCents + t.platformFeeCents,
      coachNetCents: sum.coachNetCents + t.coachNetCents,
      charges: sum.charges + t.charges,
      refunds: sum.refunds + t.refunds,
    }),
    ZERO,
  );
  return {
    mode: billingProvider(ctx).mode,
    teamId,
    totals,
    teams: teamList,
    months: months.map((m) => ({ month: m.month, ...totalsOf(m) })),
    rows: rows.map(rowOut),
    rowsTotal: totals.charges + totals.refunds,
    payouts: payouts.payouts,
    payoutsError: payouts.error,
  };
}

const HEADER = ['date', 'team', 'member', 'type', 'gross', 'platform_fee', 'net', 'currency'] as const;

/** The same rows as `earnings`, every one of them, as CSV text (csv.ts escapes formula-looking cells). */
export async function earningsCsv(
  ctx: AppContext,
  me: SessionUser,
  query: EarningsQuery,
): Promise<{ filename: string; body: string }> {
  const { teamId } = await scope(ctx, me, query);
  const rows = await repo.earningsRows(ctx.db, me.id, teamId);
  let body = csvLine([...HEADER]);
  for (const r of rows) {
    body += csvLine([
      r.at.toISOString(),
      r.teamName,
      r.member ?? ERASED_MEMBER,
      r.grossCents < 0 ? 'refund' : 'charge',
      new Amount(r.grossCents),
      new Amount(r.platformFeeCents),
      new Amount(r.coachNetCents),
      r.currency,
    ]);
  }
  return { filename: `sweatpact-earnings${teamId === null ? '' : `-team-${teamId}`}.csv`, body };
}
