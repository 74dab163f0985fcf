import { DAY_MS, PAST_DUE_GRACE_DAYS } from '../../../shared/domain/limits';
import type { AppContext } from '../../context';
import { billingProvider } from '../../platform/billing';
import { addMonth } from '../../platform/billing/test-mode';
import type { Job } from '../../platform/jobs';
import { recordCharge } from '../billing/service';
import { createNotification } from '../notifications/service';
import * as teams from '../teams/service';
import { publishChange, type SubscriptionChange, syncMembership } from './lifecycle';
import * as repo from './repo';
import { endTestBilling } from './test-billing-end';

/**
 * The billing sweep (docs/TEAMS.md): a recurring durable job, run once a minute across all instances, and at
 * once when an admin or a test moves the test clock. On the billing clock it sends "trial ends tomorrow",
 * ends subscriptions set to cancel at their period's end, and in test mode charges renewals: a success starts
 * the next month, a failure makes the subscription past due, a retry while past due (the card works again)
 * recovers it, and the grace days passing without payment expire it. Every transition is a conditional update
 * (still in the state read), and every charge is keyed by subscription and period, so two instances sweeping
 * at once apply each transition and each charge exactly once. With Stripe, Stripe charges and reports by
 * webhook; the sweep then only reminds and ends canceled periods Stripe has not reported yet.
 */

const BATCH = 200;
/** A clock moved a year ahead renews each subscription twelve times: enough rounds for that. */
const MAX_ROUNDS = 60;

export interface SweepSummary {
  renewed: number;
  failed: number;
  ended: number;
  reminded: number;
}

export async function runBillingSweep(ctx: AppContext, at?: Date): Promise<SweepSummary> {
  const now = at ?? (await billingProvider(ctx).now());
  const summary: SweepSummary = { renewed: 0, failed: 0, ended: 0, reminded: 0 };
  await endTestBilling(ctx);
  summary.reminded = await remindTrials(ctx, now);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const due = await repo.dueSubscriptions(ctx.db, now, BATCH);
    let moved = 0;
    for (const row of due) {
      const outcome = await settle(ctx, row, now);
      if (outcome) {
        moved += 1;
        summary[outcome] += 1;
      }
    }
    if (moved === 0 || due.length === 0) break;
  }
  return summary;
}

type Outcome = 'renewed' | 'failed' | 'ended' | null;

async function settle(ctx: AppContext, row: repo.SubscriptionRow, now: Date): Promise<Outcome> {
  const provider = billingProvider(ctx);
  const graceOver = row.currentPeriodEnd.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS <= now.getTime();
  if (row.cancelAtPeriodEnd) return end(ctx, row, 'canceled', now);
  if (!provider.charge || row.provider !== 'test') return null;
  if (row.status === 'past_due' && graceOver) return end(ctx, row, 'expired', now);
  if (row.status === 'past_due' && row.simulatePaymentFailure) return null;
  return chargePeriod(ctx, row, now);
}

async function end(
  ctx: AppContext,
  row: repo.SubscriptionRow,
  status: 'canceled' | 'expired',
  now: Date,
): Promise<Outcome> {
  const after = await ctx.db.transaction(async (tx) => {
    const ended = await repo.updateSubscriptionIf(
      tx,
      row.id,
      { status: row.status, currentPeriodEnd: row.currentPeriodEnd },
      { status, endedAt: now, cancelAtPeriodEnd: false },
    );
    if (ended) await syncMembership(tx, { before: row, after: ended });
    return ended;
  });
  if (!after) return null;
  await publishChange(ctx, { before: row, after });
  return 'ended';
}

/** Charges the period starting at the row's period end (test mode); a renewal uses the team's current price. */
async function chargePeriod(ctx: AppContext, row: repo.SubscriptionRow, now: Date): Promise<Outcome> {
  const provider = billingProvider(ctx);
  const team = await teams.findTeam(ctx.db, row.teamId);
  if (!team || !provider.charge) return null;
  const priceCents = team.subscriptionPrice;
  const periodKey = String(row.currentPeriodEnd.getTime());
  const result = await provider.charge({ ...row, priceCents }, periodKey);
  const expect = { status: row.status, currentPeriodEnd: row.currentPeriodEnd };
  if (!result.ok) {
    if (row.status === 'past_due') return null;
    const after = await repo.updateSubscriptionIf(ctx.db, row.id, expect, { status: 'past_due' });
    if (!after) return null;
    await publishChange(ctx, { before: row, after });
    return 'failed';
  }
  const change = await ctx.db.transaction(async (tx): Promise<SubscriptionChange | null> => {
    const after = await repo.updateSubscriptionIf(tx, row.id, expect, {
      status: 'active',
      priceCents,
      currentPeriodEnd: addMonth(row.currentPeriodEnd),
    });
    if (!after) return null;
    await recordCharge(tx, {
      providerRef: result.providerRef,
      grossCents: result.grossCents,
      subscriptionId: row.id,
      teamId: row.teamId,
      userId: row.userId,
      coachId: team.coachId,
      // A recovery is charged when it happens; a renewal on time at its period's start.
      at: row.status === 'past_due' ? now : row.currentPeriodEnd,
    });
    return { before: row, after, paidCents: result.grossCents };
  });
  if (!change) return null;
  await publishChange(ctx, change);
  return 'renewed';
}

/** "Your trial ends tomorrow": once per trial, within the day before it ends (not when set to cancel). */
async function remindTrials(ctx: AppContext, now: Date): Promise<number> {
  const rows = await repo.trialsEndingBy(ctx.db, new Date(now.getTime() + DAY_MS), BATCH);
  let sent = 0;
  for (const row of rows) {
    if (row.currentPeriodEnd <= now) continue;
    if (!(await repo.claimTrialReminder(ctx.db, row.id, now))) continue;
    const team = await teams.findTeam(ctx.db, row.teamId);
    await createNotification(ctx, {
      userId: row.userId,
      type: 'trial_ending',
      data: {
        teamId: row.teamId,
        teamName: team?.name ?? '',
        trialEndsAt: row.currentPeriodEnd.toISOString(),
        amountCents: team?.subscriptionPrice ?? row.priceCents,
      },
    });
    sent += 1;
  }
  return sent;
}

/** The recurring job (modules/index.ts): once a minute, once across instances. */
export function billingSweepJob(ctx: AppContext): Job {
  return { name: 'billing-sweep', everyMs: 60_000, run: () => runBillingSweep(ctx) };
}
