import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_CREDENTIALS } from '../../../shared/api/auth';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { limiterFor } from '../../platform/rate-limit';

const MINUTE = 60_000;

/**
 * Failed sign-ins, counted in Redis when configured (shared by every instance) and in memory otherwise:
 * - per client address, across all emails: password spraying from one address stops with a 429;
 * - per email, across all addresses: each further failure makes the next sign-in to that email wait longer
 *   (doubling, capped), which slows a distributed guesser without locking the owner out.
 * Besides these, the route limits tries per address and email (10 in 15 minutes).
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * MINUTE,
  /** Failed sign-ins per address in the window before further tries are refused. */
  failuresPerAddress: 30,
  /** Failures on one email in the window before sign-ins to it start to wait. */
  freeFailuresPerEmail: 5,
  firstDelayMs: 500,
  maxDelayMs: 8000,
} as const;

/** How long a sign-in to an email waits after `failures` recent failed sign-ins to it. */
export function slowdownMs(failures: number): number {
  const over = failures - SIGN_IN_LIMITS.freeFailuresPerEmail;
  if (over <= 0) return 0;
  return Math.min(SIGN_IN_LIMITS.maxDelayMs, SIGN_IN_LIMITS.firstDelayMs * 2 ** (over - 1));
}

/** The wait, replaceable in tests (which must not depend on real time). */
export const signInThrottle = { wait: (ms: number) => sleep(ms) };

const addressKey = (ip: string) => `signin-fail:ip:${ip}`;
const emailKey = (email: string) => `signin-fail:email:${email.trim().toLowerCase()}`;
const exempt = (ctx: AppContext, email: string) =>
  ctx.config.DISABLE_RATE_LIMIT || email === DEMO_CREDENTIALS.email;

/** Before checking a password: refuses an address with too many failures, and slows down a targeted email. */
export async function beforeSignIn(ctx: AppContext, ip: string, email: string) {
  if (exempt(ctx, email)) return;
  const { counters } = limiterFor(ctx);
  const [byAddress, byEmail] = await Promise.all([
    counters.peek(addressKey(ip)),
    counters.peek(emailKey(email)),
  ]);
  if (byAddress.count >= SIGN_IN_LIMITS.failuresPerAddress) {
    const minutes = Math.max(1, Math.ceil(byAddress.resetInMs / MINUTE));
    throw new AppError(
      429,
      `Too many failed sign-ins from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      'rate_limited',
    );
  }
  const delay = slowdownMs(byEmail.count);
  if (delay > 0) await signInThrottle.wait(delay);
}

/** After a wrong email or password: counts the failure for the address and for the email. */
export async function afterFailedSignIn(ctx: AppContext, ip: string, email: string) {
  if (exempt(ctx, email)) return;
  const { counters } = limiterFor(ctx);
  await Promise.all([
    counters.hit(addressKey(ip), SIGN_IN_LIMITS.windowMs),
    counters.hit(emailKey(email), SIGN_IN_LIMITS.windowMs),
  ]);
}
