import type { Db } from '../../db/client';
import type { LedgerRowWritten } from '../billing/service';
import * as repo from './ledger-repo';

/**
 * What the coach's daily summary keeps of each ledger row, in the ledger's own transaction: the billing service
 * calls it for every row it writes, charge or refund (billing/service.ts followLedgerRows, set in modules/index.ts), so the summary's money is the ledger's, to the cent
 * (docs/ANALYTICS.md, "Money").
 */
export async function onLedgerRow(tx: Db, row: LedgerRowWritten) {
  if (row.teamId === null) return;
  await repo.addToDay(tx, {
    id: row.id,
    teamId: row.teamId,
    subscriptionId: row.subscriptionId,
    grossCents: row.grossCents,
    netCents: row.coachNetCents,
    at: row.createdAt,
  });
}
