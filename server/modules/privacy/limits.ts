import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import type { DbOrTx } from '../../platform/jobs';
import { limiterFor } from '../../platform/rate-limit';
import * as repo from './repo';

const HOUR = 3600_000;

/** Limits on deletion requests, which can mail a confirmation to any address typed in. */
export const DELETION_REQUEST_LIMITS = {
  /** Requests per client address and contact mailbox in an hour (the route's limit). */
  perAddressAndMailbox: 5,
  /** Requests per client address in an hour, whatever the emails. */
  perAddress: 10,
  /** At most one confirmation mail per mailbox in this long. */
  mailboxQuietMs: HOUR,
} as const;

const clock = (date: Date) =>
  `${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;

/** Counts one request from `ip`; beyond the hourly allowance, a 429 saying when to try again. */
export async function countRequestFrom(ctx: AppContext, ip: string) {
  if (ctx.config.DISABLE_RATE_LIMIT) return;
  const { count, resetInMs } = await limiterFor(ctx).counters.hit(`deletion-requests:${ip}`, HOUR);
  if (count > DELETION_REQUEST_LIMITS.perAddress) {
    throw new AppError(
      429,
      `Too many deletion requests from your network. Try again after ${clock(new Date(Date.now() + resetInMs))}.`,
      'rate_limited',
    );
  }
}

/**
 * One confirmation mail per mailbox an hour: a request made while an earlier one's mail is that recent sends
 * nothing and says so. Run inside the transaction that stores the request: the advisory lock makes two requests
 * for one mailbox take turns, so both cannot pass.
 */
export async function checkMailboxQuiet(tx: DbOrTx, mailbox: string, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deletion-mailbox:${mailbox}`}))`);
  const since = new Date(now.getTime() - DELETION_REQUEST_LIMITS.mailboxQuietMs);
  const last = await repo.latestConfirmationTo(tx, mailbox, since);
  if (!last) return;
  const again = new Date(last.createdAt.getTime() + DELETION_REQUEST_LIMITS.mailboxQuietMs);
  throw new AppError(
    429,
    `A confirmation email was already sent to this address less than an hour ago, so no new one was sent. Open the link in that email, or ask again after ${clock(again)}.`,
    'confirmation_pending',
  );
}
