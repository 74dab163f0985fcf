import { DATA_TYPES } from '../../../shared/api/privacy';
import type { AppContext } from '../../context';
import type { JobLogger } from '../../platform/jobs';
import { deleteMediaBytesNow } from '../media/service';
import { cancelRenewalsOfMember, closeTeamsOf } from '../memberships/subscriptions';
import { announceErasedPacts } from '../pacts/bookkeeping';
import { eraseInTransaction } from './erasure';

const quiet: JobLogger = { info() {}, warn() {}, error() {} };

/**
 * Erases, at once and whole, an account whose email was never proven, when the proven owner of that mailbox
 * signs in with a provider (docs/AUTH.md "Provider sign-in"): nothing of it (sessions, push devices, friends,
 * Pacts, messages, files) may pass to the person who proved the mailbox. No grace and no mail: the account was an
 * unproven claim on someone else's address. `stillUnproven` is re-checked inside the transaction by the caller's
 * predicate, so an address verified meanwhile is never erased; answers whether it went.
 */
export async function eraseUnprovenAccount(
  ctx: AppContext,
  user: { id: string; email: string },
  stillUnproven: (tx: AppContext['db']) => Promise<boolean>,
): Promise<boolean> {
  await cancelRenewalsOfMember(ctx, user.id, quiet);
  await closeTeamsOf(ctx, user.id, quiet);
  const erased = await ctx.db.transaction(async (tx) => {
    if (!(await stillUnproven(tx))) return null;
    return eraseInTransaction(tx, user, DATA_TYPES, true);
  });
  if (!erased) return false;
  await deleteMediaBytesNow(ctx, erased.mediaIds);
  await ctx.events.emit('session.revoked', { userId: user.id });
  await announceErasedPacts(ctx, user.id, { pacts: erased.pacts, mediaIds: [] });
  return true;
}
