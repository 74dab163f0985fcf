import { createHash, randomBytes } from 'node:crypto';
import type { DeletionRequestBody } from '../../../shared/api/privacy';
import { DATA_TYPES } from '../../../shared/api/privacy';
import type { AppContext } from '../../context';
import { normalizeMailbox, queueMail } from '../../platform/email';
import type { SessionUser } from '../auth/guard';
import { checkMailboxQuiet, countRequestFrom } from './limits';
import * as repo from './repo';

/** A confirmed request waits this long (cancellable) before it runs: well inside the policy's 30 days. */
export const DELETION_GRACE_MS = 48 * 3600_000;

/**
 * Stores a deletion request (docs/RULES.md, "Privacy"). Signed in: it belongs to the session's account (any userId in the
 * body is ignored) and is scheduled after the grace period. Signed out: it waits for the emailed confirmation
 * link. Full account deletion always covers every data type.
 */
export async function requestDeletion(
  ctx: AppContext,
  me: SessionUser | null,
  body: DeletionRequestBody,
  ip: string,
) {
  await countRequestFrom(ctx, ip);
  const dataTypes = body.fullAccountDeletion ? [...DATA_TYPES] : [...new Set(body.dataTypes)];
  const mailbox = normalizeMailbox(body.contactEmail);
  const base = {
    contactEmail: body.contactEmail,
    mailbox,
    dataTypes,
    fullAccountDeletion: body.fullAccountDeletion,
    reason: body.reason || null,
  };
  if (me) {
    const row = await repo.insertDeletionRequest(ctx.db, {
      ...base,
      userId: me.id,
      status: 'scheduled',
      confirmedAt: new Date(),
      runAfter: new Date(Date.now() + DELETION_GRACE_MS),
    });
    return { id: row.id, status: row.status, runAfter: row.runAfter?.toISOString() ?? null };
  }
  const token = randomBytes(32).toString('base64url');
  const link = `${ctx.config.publicUrl}/api/data-deletion-request/confirm?token=${token}`;
  // The request and its mail are stored together, or neither (the mail job sends it after the commit).
  const row = await ctx.db.transaction(async (tx) => {
    await checkMailboxQuiet(tx, mailbox, new Date());
    const inserted = await repo.insertDeletionRequest(tx, {
      ...base,
      userId: null,
      status: 'awaiting_confirmation',
      confirmTokenHash: createHash('sha256').update(token).digest('hex'),
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
export async function confirmDeletion(ctx: AppContext, token: string) {
  const hash = createHash('sha256').update(token).digest('hex');
  const row = await repo.confirmByTokenHash(ctx.db, hash, new Date(Date.now() + DELETION_GRACE_MS));
  return row !== null;
}
