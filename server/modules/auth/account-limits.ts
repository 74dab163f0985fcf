import type { AppContext } from '../../context';
import { normalizeMailbox } from '../../platform/email';
import { AppError } from '../../platform/errors';
import { limiterFor } from '../../platform/rate-limit';

const HOUR = 3600_000;

/**
 * How many account mails go out (docs/AUTH.md "Limits"), counted per mailbox and per account, in Redis when
 * configured: verification links (sign-up and "Resend" together), reset links, and change-of-email links.
 */
export const ACCOUNT_MAIL_LIMITS = { perHour: 3, windowMs: HOUR } as const;

export type AccountMailKind = 'verify' | 'reset' | 'change-email';

const mailboxKey = (kind: AccountMailKind, email: string) =>
  `acct-mail:${kind}:mailbox:${normalizeMailbox(email)}`;
const accountKey = (kind: AccountMailKind, userId: string) => `acct-mail:${kind}:user:${userId}`;

/** When the oldest of the counted windows ends, as HH:MM UTC. */
function untilText(ms: number): string {
  return new Date(Date.now() + ms).toISOString().slice(11, 16);
}

/** Whether another mail of this kind may go to this account and mailbox now (nothing is counted). */
export async function mailAllowed(ctx: AppContext, kind: AccountMailKind, email: string, userId?: string) {
  if (ctx.config.DISABLE_RATE_LIMIT) return { ok: true as const };
  const { counters } = limiterFor(ctx);
  const [byMailbox, byAccount] = await Promise.all([
    counters.peek(mailboxKey(kind, email)),
    userId ? counters.peek(accountKey(kind, userId)) : Promise.resolve({ count: 0, resetInMs: 0 }),
  ]);
  const full = [byMailbox, byAccount].filter((c) => c.count >= ACCOUNT_MAIL_LIMITS.perHour);
  if (full.length === 0) return { ok: true as const };
  return { ok: false as const, until: untilText(Math.max(...full.map((c) => c.resetInMs))) };
}

/** Counts one mail of this kind for the mailbox and the account. */
export async function countMail(ctx: AppContext, kind: AccountMailKind, email: string, userId: string) {
  if (ctx.config.DISABLE_RATE_LIMIT) return;
  const { counters } = limiterFor(ctx);
  await Promise.all([
    counters.hit(mailboxKey(kind, email), ACCOUNT_MAIL_LIMITS.windowMs),
    counters.hit(accountKey(kind, userId), ACCOUNT_MAIL_LIMITS.windowMs),
  ]);
}

/** The 429 of "Resend" and of a change of email past the limit. */
export function tooManyMails(what: string, until: string) {
  return new AppError(
    429,
    `We already sent ${ACCOUNT_MAIL_LIMITS.perHour} ${what} in the last hour. Open the latest one, or ask again after ${until} UTC.`,
    'rate_limited',
  );
}
