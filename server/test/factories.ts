import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../shared/api/auth';
import { afterAddressProven } from '../modules/auth/account-service';
import type { SessionUser } from '../modules/session/guard';
import { currentUser } from '../modules/session/sessions';
import { markEmailVerified } from '../modules/users/service';

export const ORIGIN = 'http://localhost:3000';

export interface SignedIn {
  user: AuthUser;
  cookie: string;
  /** Headers for app.inject: the session cookie and a same Origin (needed by state-changing requests). */
  headers: { cookie: string; origin: string };
}

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

let n = 0;
/** Signs up a fresh user through the real endpoint, with names filled in unless told otherwise. */
export async function signUp(
  app: FastifyInstance,
  opts: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    dateOfBirth?: string;
    timeZone?: string;
    /** false: the address stays unverified, as right after a real sign-up (default: verified, as by its link). */
    verified?: boolean;
  } = {},
): Promise<SignedIn> {
  n += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { origin: ORIGIN },
    payload: {
      email: opts.email ?? `user${n}-${randomBytes(3).toString('hex')}@example.com`,
      password: opts.password ?? 'correct horse battery',
      dateOfBirth: opts.dateOfBirth ?? '1990-05-17',
      firstName: opts.firstName ?? `Test${n}`,
      lastName: opts.lastName ?? 'User',
      timeZone: opts.timeZone ?? 'UTC',
    },
  });
  if (res.statusCode !== 200) throw new Error(`signUp failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieFrom(res.headers['set-cookie']);
  const headers = { cookie, origin: ORIGIN };
  if (opts.verified === false) return { user: res.json().user, cookie, headers };
  await proveAddress(app, res.json().user);
  // Read without the session (no request): the session cache stays as a fresh sign-up leaves it.
  return { user: await currentUser(app, res.json().user.id), cookie, headers };
}

/**
 * What following the mailed verification link does (account-service.ts verifyEmail), without the mail: the
 * address is marked proven and what needs a proven address follows (ADMIN_EMAILS).
 */
export async function proveAddress(app: FastifyInstance, user: { id: string; email: string }) {
  await markEmailVerified(app.ctx.db, user.id);
  await afterAddressProven(app, user);
}

/** The acting user as services receive it (what `requireUser` resolves), for tests that call a service directly. */
export function sessionUserOf(who: SignedIn, overrides: Partial<SessionUser> = {}): SessionUser {
  const { id, email, emailVerified, username, firstName, lastName, role, isProUser, isDemo, timeZone } =
    who.user;
  return {
    id,
    email,
    emailVerified,
    username,
    firstName,
    lastName,
    role,
    isProUser,
    isDemo,
    timeZone,
    sessionId: '',
    ...overrides,
  };
}
