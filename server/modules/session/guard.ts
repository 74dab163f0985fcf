import type { FastifyRequest } from 'fastify';
import type { UserRole } from '../../../shared/domain/enums';
import { AppError, unauthorized } from '../../platform/errors';
import { findSessionByToken, findSessionUser } from './repo';
import { requestSessionToken, sessionCacheFor, sessionRefreshDue } from './session-cache';

export interface SessionUser {
  id: string;
  email: string;
  /** The address was proven (session/verified-email.ts says what needs it). */
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
 * The signed-in user of this request, or null, resolved once per request (docs/ARCHITECTURE.md, "Sessions"):
 * 1. the cookie's signature is checked here exactly as better-auth signs it (`requestSessionToken`: HMAC-SHA256
 *    with the auth secret, constant-time compare); no valid signature, no one;
 * 2. the session cache, keyed by that verified token;
 * 3. else ONE prepared statement (the session by its token joined to its user): a missing (revoked) session, an
 *    expired one or a banned user is no one;
 * 4. only when better-auth would change something (the session is expired, to be deleted, or due for its sliding
 *    refresh) does better-auth's own getSession run, which refreshes `expiresAt` as it always did.
 * Sign-in, sign-up and sign-out stay with better-auth; this is a read path only.
 */
export async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
  const known = knownUser(request);
  if (known || request.sessionUser === null) return known;
  const { ctx } = request.server;
  let user: SessionUser | null = null;
  const token = requestSessionToken(ctx, request.headers.cookie);
  if (token !== null) {
    const row = await findSessionByToken(ctx.db, token);
    if (row && !row.bannedAt) {
      const now = Date.now();
      if (row.expiresAt.getTime() > now && !sessionRefreshDue(row.expiresAt, now)) {
        const { bannedAt: _banned, expiresAt, sessionId, ...fields } = row;
        user = { ...fields, sessionId };
        sessionCacheFor(ctx).set(token, user, expiresAt);
      } else {
        user = await viaBetterAuth(request, token);
      }
    }
  }
  request.sessionUser = user;
  return user;
}

/** better-auth's getSession (it deletes an expired session and refreshes one that is due), then our user read. */
async function viaBetterAuth(request: FastifyRequest, token: string): Promise<SessionUser | null> {
  const session = await request.server.auth.api.getSession({ headers: cookieHeaders(request) });
  if (!session || session.session.token !== token) return null;
  const row = await findSessionUser(request.server.ctx.db, session.user.id);
  if (!row || row.bannedAt) return null;
  const { bannedAt: _banned, ...fields } = row;
  const user = { ...fields, sessionId: session.session.id };
  sessionCacheFor(request.server.ctx).set(token, user, new Date(session.session.expiresAt));
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
