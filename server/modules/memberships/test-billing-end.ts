import type { AppContext } from '../../context';
import { createNotification } from '../notifications/service';
import * as teams from '../teams/service';
import { LIVE_STATUSES, publishChange } from './lifecycle';
import * as repo from './repo';

/**
 * A server that leaves test billing (BILLING_MODE no longer `test`: Stripe, or off) ends every test-mode
 * subscription at its period's end: each is set to cancel then, and its member is told to subscribe for real
 * (a `subscription_canceled` notification with reason `test_billing_ended`). Nothing renews them outside test mode,
 * and access reads the period's end for them, not the status alone (teams/policy.ts, `testLapsed`). Run at every
 * start before the API answers, and by the billing sweep; each row is claimed by a conditional update, so two
 * instances tell each member once.
 */
export async function endTestBilling(ctx: AppContext): Promise<number> {
  if (ctx.config.billingMode === 'test') return 0;
  let ended = 0;
  for (;;) {
    const rows = await repo.renewingTestSubscriptions(ctx.db, LIVE_STATUSES, 200);
    for (const row of rows) {
      const after = await repo.updateSubscriptionIf(
        ctx.db,
        row.id,
        { status: row.status, currentPeriodEnd: row.currentPeriodEnd },
        { cancelAtPeriodEnd: true, simulatePaymentFailure: false },
      );
      if (!after) continue;
      ended += 1;
      const team = await teams.findTeam(ctx.db, row.teamId);
      await createNotification(ctx, {
        userId: row.userId,
        type: 'subscription_canceled',
        data: {
          teamId: row.teamId,
          teamName: team?.name ?? '',
          reason: 'test_billing_ended',
          periodEnd: row.currentPeriodEnd.toISOString(),
        },
      });
      await publishChange(ctx, { before: row, after });
    }
    if (rows.length < 200) return ended;
  }
}
