import type { SubscriptionStatus } from '../../../shared/domain/enums';
import { DAY_MS } from '../../../shared/domain/limits';
import type { AppContext } from '../../context';
import { billingProvider } from '../../platform/billing';
import { clockOffsetMs } from '../../platform/billing/test-mode';
import type { Job } from '../../platform/jobs';
import { graceStart } from '../teams/policy';
import * as repo from './daily-repo';
import * as ledger from './ledger-repo';

/**
 * Coach analytics' daily summary (docs/ANALYTICS.md): written when its inputs change, read by the screen.
 * - a subscription change adds to today's new or churned and sets today's members (the listener);
 * - a proof decision recomputes the proof figures of the proof's day (the listener);
 * - the day-boundary job (and a read that finds today missing) closes the days since the last written one:
 *   their proof figures are computed once more, and days never written are filled from the subscriptions.
 * Today is the billing clock's (UTC) day, for every figure: see `clockOf`.
 */

const ENDED: readonly SubscriptionStatus[] = ['canceled', 'unpaid', 'expired'];
const ended = (s: SubscriptionStatus | null) => s !== null && ENDED.includes(s);

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

export interface AnalyticsClock {
  now: Date;
  today: string;
  /** Whole days the billing clock runs ahead of the wall clock (test mode; 0 with Stripe). */
  shift: number;
}

/** The billing clock, which subscriptions and the ledger are written on; proofs' wall-clock days follow it. */
export async function clockOf(ctx: AppContext): Promise<AnalyticsClock> {
  const provider = billingProvider(ctx);
  const [now, offset] = await Promise.all([
    provider.now(),
    provider.mode === 'test' ? clockOffsetMs(ctx.db) : Promise.resolve(0),
  ]);
  return { now, today: dayOf(now), shift: Math.floor(offset / DAY_MS) };
}

type Team = { id: number; coachId: string; createdAt: Date };

/** The team's first day: its first written day, else the day it was made as the billing clock shows it now. */
export async function firstDayOf(ctx: AppContext, team: Team, clock: AnalyticsClock): Promise<string> {
  const written = await repo.firstDay(ctx.db, team.id);
  if (written) return written;
  const made = addDays(dayOf(team.createdAt), clock.shift);
  return made > clock.today ? clock.today : made;
}

/**
 * Writes every day after the last written one up to `upTo` (today by default): members, new and churned from the
 * subscriptions, proof figures from the participations and proofs, each computed once, when the day is first
 * written. A written day changes later only through the listeners (today's counters; a late proof decision).
 */
export async function closeDays(
  ctx: AppContext,
  team: Team,
  clock: AnalyticsClock,
  upTo = clock.today,
  refreshToday = false,
) {
  const last = await repo.lastDay(ctx.db, team.id);
  const from = last ? addDays(last.day, 1) : await firstDayOf(ctx, team, clock);
  const adding = from <= upTo;
  if (adding) {
    if (last) await repo.insertMissingDays(ctx.db, team.id, from, upTo, last.members);
    else await repo.insertHistoricalDays(ctx.db, team.id, from, upTo);
    await repo.refreshProofDays(ctx.db, team, from, upTo, clock.shift);
  }
  // Money and MRR: days over are closed from the ledger at their end, new rows (and rows from before the money
  // columns: the backfill) take their day's ledger sums; today's when asked (a change, the quarter-hour job).
  if (refreshToday || adding || (await ledger.needsSettling(ctx.db, team.id, clock.today))) {
    await ledger.settleMoney(ctx.db, team.id, clock.today, clock.now, refreshToday);
  }
}

export async function onSubscriptionChanged(
  ctx: AppContext,
  e: { teamId: number; from: SubscriptionStatus | null; to: SubscriptionStatus },
) {
  const team = await repo.teamOf(ctx.db, e.teamId);
  if (!team) return;
  const clock = await clockOf(ctx);
  // Days before today are closed first, so today's row starts from this change.
  await closeDays(ctx, team, clock, addDays(clock.today, -1));
  const began = (e.from === null || ended(e.from)) && !ended(e.to);
  const stopped = !ended(e.from) && e.from !== null && ended(e.to);
  await repo.bumpDay(ctx.db, team.id, clock.today, {
    members: await repo.membersNow(ctx.db, team.id, graceStart(clock.now)),
    newMembers: began ? 1 : 0,
    churned: stopped ? 1 : 0,
  });
  // Today's MRR follows the change (a subscription ending leaves it; a payment joins it).
  await ledger.settleMoney(ctx.db, team.id, clock.today, clock.now, true);
}

export async function onProofDecided(ctx: AppContext, e: { pactId: number; recordedDay: string }) {
  const teamId = await repo.teamOfPact(ctx.db, e.pactId);
  if (teamId === null) return;
  const team = await repo.teamOf(ctx.db, teamId);
  if (!team) return;
  const clock = await clockOf(ctx);
  await closeDays(ctx, team, clock);
  const day = addDays(e.recordedDay, clock.shift);
  if (day <= clock.today && day >= (await firstDayOf(ctx, team, clock))) {
    await repo.refreshProofDays(ctx.db, team, day, day, clock.shift);
  }
}

/** The day-boundary job: every team's days closed up to today, every 15 minutes, once across instances. */
export function analyticsDaysJob(ctx: AppContext): Job {
  return {
    name: 'analytics-days',
    everyMs: 15 * 60_000,
    run: async () => {
      const clock = await clockOf(ctx);
      for (const { id } of await repo.allTeamIds(ctx.db)) {
        const team = await repo.teamOf(ctx.db, id);
        if (team) await closeDays(ctx, team, clock, clock.today, true);
      }
    },
  };
}

/**
 * The summary's rows from `from` to today and the sums of all the team's rows: a lookup. Only when today is not
 * written yet, or a day is not settled (a day over not yet closed, rows from before the money columns), are the
 * days closed first and read again.
 */
export async function summaryDays(ctx: AppContext, team: Team, clock: AnalyticsClock, from: string) {
  const read = () =>
    Promise.all([repo.daysOf(ctx.db, team.id, from), repo.sumsOf(ctx.db, team.id, clock.today)]);
  const first = await read();
  if (first[1].lastDay === clock.today && first[1].unsettled === 0) return first;
  await closeDays(ctx, team, clock);
  return read();
}
