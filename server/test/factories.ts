import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../shared/api/auth';
import type { SessionUser } from '../modules/auth/guard';

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
  return { user: res.json().user, cookie, headers: { cookie, origin: ORIGIN } };
}

/** The acting user as services receive it (what `requireUser` resolves), for tests that call a service directly. */
export function sessionUserOf(who: SignedIn, overrides: Partial<SessionUser> = {}): SessionUser {
  const { id, email, username, firstName, lastName, role, isProUser, isDemo, timeZone } = who.user;
  return {
    id,
    email,
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
