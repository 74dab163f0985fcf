import type { FastifyRequest } from 'fastify';
import type { UserRole } from '../../../shared/domain/enums';
import { AppError, unauthorized } from '../../platform/errors';
import { findSessionUser } from './repo';
import { requestSessionToken, sessionCacheFor } from './session-cache';

export interface SessionUser {
  id: string;
  email: string;
  /** The address was proven (auth/verified-email.ts says what needs it). */
  emailVerified: boolean;
  username: string;
  firstName: string | null;
  lastName: string | null;
  role: UserRole;
  isProUser: boolean;
  isDemo: boolean;
  timeZone: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser | null;
  }
}

/**
 * The signed-in user of this request when their session was resolved moments ago (the session cache), without
 * reading anything; null when that takes a lookup or no one is signed in.
 */
export function knownUser(request: FastifyRequest): SessionUser | null {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const token = requestSessionToken(request.server.ctx, request.headers.cookie);
  const user = token ? sessionCacheFor(request.server.ctx).get(token) : null;
  if (user) request.sessionUser = user;
  return user;
}

/**
 * The signed-in user of this request, or null. Resolved once per request by better-auth from the session cookie;
 * remembered in the session cache under the token better-auth verified, and only when that is the token of the
 * cookie the cache reads (`requestSessionToken`), so the cache never answers for a cookie better-auth did not read.
 */
export async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
  const known = knownUser(request);
  if (known || request.sessionUser === null) return known;
  let user: SessionUser | null = null;
  if (request.headers.cookie) {
    const session = await request.server.auth.api.getSession({ headers: cookieHeaders(request) });
    if (session) {
      const row = await findSessionUser(request.server.ctx.db, session.user.id);
      if (row && !row.bannedAt) {
        user = { ...row, sessionId: session.session.id };
        const token = requestSessionToken(request.server.ctx, request.headers.cookie);
        if (token !== null && token === session.session.token) {
          sessionCacheFor(request.server.ctx).set(token, user, new Date(session.session.expiresAt));
        }
      }
    }
  }
  request.sessionUser = user;
  return user;
}

/** The signed-in user, or a 401. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await optionalUser(request);
  if (!user) throw unauthorized();
  return user;
}

/** Only the cookie goes to better-auth: the Origin was already checked by our own hook. */
export function cookieHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  return headers;
}

/**
 * A per-person rate limit for a route's `config.rateLimit`: `max` requests in `windowMs` for each signed-in
 * person, counted in the bucket `name` (shared by instances through Redis when configured), checked after the
 * input is valid. Off when DISABLE_RATE_LIMIT is set. `message` replaces the default 429 text.
 */
export function perPersonLimit(
  config: { DISABLE_RATE_LIMIT: boolean },
  name: string,
  limit: { max: number; windowMs: number; message?: string },
) {
  if (config.DISABLE_RATE_LIMIT) return false as const;
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preHandler' as const,
    keyGenerator: async (request: FastifyRequest) => `${name}:${(await requireUser(request)).id}`,
    ...(limit.message
      ? { errorResponseBuilder: () => new AppError(429, limit.message!, 'rate_limited') }
      : {}),
  };
}
