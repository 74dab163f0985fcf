import { createHash, randomBytes } from 'node:crypto';
import type { DeletionRequestBody, PendingDeletion } from '../../../shared/api/privacy';
import { DATA_TYPES } from '../../../shared/api/privacy';
import type { AppContext } from '../../context';
import { normalizeMailbox, queueMail } from '../../platform/email';
import { conflict, notFound } from '../../platform/errors';
import { cancelPendingJob, type DbOrTx, defineJob, type JobLogger } from '../../platform/jobs';
import { deleteMediaBytesNow } from '../media/service';
import { cancelRenewalsOfMember, closeTeamsOf } from '../memberships/subscriptions';
import { announceErasedPacts } from '../pacts/bookkeeping';
import { recomputeUsers } from '../progress/service';
import type { SessionUser } from '../session/guard';
import { rememberTrialsOf } from '../teams/trials';
import { findUserIdByEmail } from '../users/service';
import { eraseInTransaction } from './erasure';
import { checkMailboxQuiet, countRequestFrom } from './limits';
import * as repo from './repo';

/** A confirmed request waits this long (cancellable) before it runs: well inside the policy's 30 days. */
export const DELETION_GRACE_MS = 48 * 3600_000;

const quiet: JobLogger = { info() {}, warn() {}, error() {} };
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const jobKey = (requestId: number) => `deletion:${requestId}`;

/**
 * Runs one scheduled request when its grace has passed: stored in the database, so it survives a restart; the
 * queue gives it to one runner, and the request row is locked and marked completed in the erasure's own
 * transaction, so it erases once even if two runners got it.
 */
export const eraseJob = defineJob<{ requestId: number }>({
  name: 'privacy.erase',
  parse: (raw) => ({ requestId: Number((raw as { requestId?: unknown }).requestId) }),
  // The first tries wait for the billing provider to take every cancel; from the fifth on, the erasure goes ahead.
  handler: (ctx, { requestId }, run) => runErasure(ctx, requestId, run.now, run.log, run.attempt < 5),
});

type Scheduled = { id: number; contactEmail: string; dataTypes: string[]; fullAccountDeletion: boolean };

/** Schedules the erasure after the grace, with the mail whose link cancels it; inside the caller's transaction. */
async function schedule(
  ctx: AppContext,
  tx: DbOrTx,
  request: Scheduled,
  runAfter: Date,
  cancelToken: string,
) {
  await queueMail(tx, request.contactEmail, 'deletionScheduled', {
    runAfter: runAfter.toISOString(),
    cancelLink: `${ctx.config.publicUrl}/api/data-deletion-request/cancel?token=${cancelToken}`,
    dataTypes: request.dataTypes,
    fullAccount: request.fullAccountDeletion,
  });
  await eraseJob.enqueue(tx, { requestId: request.id }, { runAt: runAfter, dedupeKey: jobKey(request.id) });
}

/**
 * Stores a deletion request (docs/PRIVACY.md). Signed in: it belongs to the session's account (any userId in the
 * body is ignored), its mails go to the account's own email whatever the form's contact field says (so nobody else
 * gets the link that cancels it, and the form cannot send our mail to any address), and it is scheduled after the
 * grace period, with a mail that can cancel it. Signed out: it waits for the emailed confirmation link. Full account
 * deletion always covers every data type.
 */
export async function requestDeletion(
  ctx: AppContext,
  me: SessionUser | null,
  body: DeletionRequestBody,
  ip: string,
) {
  await countRequestFrom(ctx, ip);
  const dataTypes = body.fullAccountDeletion ? [...DATA_TYPES] : [...new Set(body.dataTypes)];
  const contactEmail = me ? me.email : body.contactEmail;
  const mailbox = normalizeMailbox(contactEmail);
  const base = {
    contactEmail,
    mailbox,
    dataTypes,
    fullAccountDeletion: body.fullAccountDeletion,
    reason: body.reason || null,
  };
  if (me) {
    const runAfter = new Date(Date.now() + DELETION_GRACE_MS);
    const cancelToken = newToken();
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertDeletionRequest(tx, {
        ...base,
        userId: me.id,
        status: 'scheduled',
        confirmedAt: new Date(),
        runAfter,
        cancelTokenHash: sha256(cancelToken),
      });
      await schedule(ctx, tx, inserted, runAfter, cancelToken);
      return inserted;
    });
    return { id: row.id, status: row.status, runAfter: row.runAfter?.toISOString() ?? null };
  }
  const token = newToken();
  const link = `${ctx.config.publicUrl}/api/data-deletion-request/confirm?token=${token}`;
  // The request and its mail are stored together, or neither (the mail job sends it after the commit).
  const row = await ctx.db.transaction(async (tx) => {
    await checkMailboxQuiet(tx, mailbox, new Date());
    const inserted = await repo.insertDeletionRequest(tx, {
      ...base,
      userId: null,
      status: 'awaiting_confirmation',
      confirmTokenHash: sha256(token),
    });
    await queueMail(tx, body.contactEmail, 'deletionConfirm', {
      link,
      dataTypes,
      fullAccount: body.fullAccountDeletion,
    });
    return inserted;
  });
  return { id: row.id, status: row.status, runAfter: null };
}

/** The emailed link: schedules the request after the grace period. Unknown or used tokens change nothing. */
export async function confirmDeletion(ctx: AppContext, token: string): Promise<{ runAfter: Date } | null> {
  const runAfter = new Date(Date.now() + DELETION_GRACE_MS);
  const cancelToken = newToken();
  return ctx.db.transaction(async (tx) => {
    const row = await repo.confirmByTokenHash(tx, sha256(token), runAfter, sha256(cancelToken));
    if (!row) return null;
    await schedule(ctx, tx, row, runAfter, cancelToken);
    return { runAfter };
  });
}

/** The mailed "Cancel deletion request" link. False when it is unknown, used, or the erasure already ran. */
export async function cancelDeletionByLink(ctx: AppContext, token: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findScheduledByCancelHash(tx, sha256(token));
    if (!found) return false;
    const cancelled = await repo.cancel(tx, found.id);
    if (cancelled) await cancelPendingJob(tx, jobKey(found.id));
    return cancelled !== null;
  });
}

const present = (row: Awaited<ReturnType<typeof repo.pendingOf>>[number]): PendingDeletion => ({
  id: row.id,
  status: row.status === 'awaiting_confirmation' ? 'awaiting_confirmation' : 'scheduled',
  runAfter: row.runAfter?.toISOString() ?? null,
  dataTypes: row.dataTypes,
  fullAccountDeletion: row.fullAccountDeletion,
});

/** The caller's requests that have not run (Settings lists them with Cancel). */
export async function myPendingDeletions(ctx: AppContext, me: SessionUser) {
  return { requests: (await repo.pendingOf(ctx.db, me.id)).map(present) };
}

/** Cancels the caller's own request before it runs: someone else's answers 404, one that ran or was cancelled 409. */
export async function cancelMyDeletion(ctx: AppContext, me: SessionUser, id: number) {
  return ctx.db.transaction(async (tx) => {
    const own = await repo.findOwn(tx, id, me.id);
    if (!own) throw notFound('Deletion request not found');
    const cancelled = await repo.cancel(tx, id);
    if (!cancelled) throw conflict(`This deletion request was already ${own.status}`);
    await cancelPendingJob(tx, jobKey(id));
    return { id, status: cancelled.status, runAfter: cancelled.runAfter?.toISOString() ?? null };
  });
}

/**
 * The erasure itself (the job's handler): rows in one transaction with the request marked completed and the
 * confirmation mail queued, then the files (a failed file deletion stays with the media job that retries it), the
 * account's sockets, and the progress that depended on what went. A request cancelled or already run does nothing.
 */
export async function runErasure(
  ctx: AppContext,
  requestId: number,
  now = new Date(),
  log: JobLogger = quiet,
  waitForBilling = true,
) {
  // Subscriptions go with the account (foreign keys): first, at the provider, the person's own stop renewing and,
  // for a coach, their teams close, so nobody is charged again for an account that is gone.
  const target = await repo.erasureTarget(ctx.db, requestId);
  if (target?.status === 'scheduled' && target.fullAccountDeletion) {
    const userId = target.userId ?? (await findUserIdByEmail(ctx.db, target.contactEmail));
    if (userId) {
      const failed =
        (await cancelRenewalsOfMember(ctx, userId, log)) + (await closeTeamsOf(ctx, userId, log));
      // The job retries: the rows should not go while a provider subscription would still charge. An erasure is
      // owed all the same, so after some tries it goes ahead (the failures are logged for the operators).
      if (failed > 0 && waitForBilling)
        throw new Error(`${failed} subscription(s) could not be canceled at the provider`);
    }
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const request = await repo.lockForErasure(tx, requestId);
    if (request?.status !== 'scheduled') return null;
    // Signed out, the confirmed mailbox names the account: the one with that email, if any.
    const userId = request.userId ?? (await findUserIdByEmail(tx, request.contactEmail));
    // Its trials are remembered (a keyed hash of its email per team): erasing brings no second trial.
    if (userId && request.fullAccountDeletion) await rememberTrialsOf(ctx, tx, userId);
    const erased = userId
      ? await eraseInTransaction(
          tx,
          { id: userId, email: request.contactEmail },
          request.dataTypes,
          request.fullAccountDeletion,
        )
      : null;
    await repo.markCompleted(tx, requestId, now);
    await queueMail(tx, request.contactEmail, 'deletionCompleted', {
      dataTypes: request.dataTypes,
      fullAccount: request.fullAccountDeletion,
      completedAt: now.toISOString(),
    });
    return userId && erased ? { userId, erased } : null;
  });
  if (!outcome) return { erased: false };
  const { userId, erased } = outcome;
  await deleteMediaBytesNow(ctx, erased.mediaIds);
  if (erased.account) {
    await ctx.events.emit('session.revoked', { userId });
    await announceErasedPacts(ctx, userId, { pacts: erased.pacts, mediaIds: [] });
  } else if (erased.workouts) {
    await recomputeUsers(ctx, [userId], now);
  }
  return { erased: true };
}
