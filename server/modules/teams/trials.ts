import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { normalizeMailbox } from '../../platform/email/normalize';
import { serverSecretOf } from '../session/server-secret';
import * as repo from './repo';

/**
 * One free trial per person and team, for good (DECISIONS 11). A live account's subscription row says it took the
 * trial; when the account is erased, a keyed hash of its normalised email (case, +tags and Gmail dots folded, as the
 * waitlist does) is kept per team it subscribed to, so signing up again with that email brings no second trial.
 * The hash is an HMAC with the server's secret: the address cannot be read back, or tried against a list, without
 * it (docs/PRIVACY.md). A changed AUTH_SECRET forgets these.
 */
export function trialEmailHash(ctx: AppContext, email: string): string {
  return createHmac('sha256', serverSecretOf(ctx))
    .update(`trial:${normalizeMailbox(email)}`)
    .digest('hex');
}

/** Whether someone with this email took this team's trial before (an erased account's). */
export function trialTakenBefore(ctx: AppContext, teamId: number, email: string): Promise<boolean> {
  return repo.trialTaken(ctx.db, teamId, trialEmailHash(ctx, email));
}

/** An account about to be erased (privacy module, in its transaction): remembers the trials it took. */
export async function rememberTrialsOf(ctx: AppContext, tx: Db, userId: string): Promise<void> {
  const email = await repo.emailOf(tx, userId);
  if (!email) return;
  const teamIds = await repo.subscribedTeamIds(tx, userId);
  await repo.insertTrialsTaken(tx, teamIds, trialEmailHash(ctx, email));
}

/** The teams whose trial this email took before: offered none again (team pages and program lists). */
export function teamsTrialTaken(ctx: AppContext, email: string): Promise<Set<number>> {
  return repo.teamsWithTrialTaken(ctx.db, trialEmailHash(ctx, email));
}
