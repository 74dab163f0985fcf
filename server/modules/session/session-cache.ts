import { createHmac, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { AppContext } from '../../context';
import { CONTROL_CHANNEL, type ControlEvent } from '../../platform/realtime/events';
import type { SessionUser } from './guard';

/** How long a resolved session is reused without asking the database again. */
export const SESSION_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 20_000;

/** better-auth's session lifetime and sliding refresh (`session.expiresIn` / `updateAge`, in seconds). */
export const SESSION_EXPIRES_IN_S = 30 * 24 * 60 * 60;
/** Renewed at most hourly: the renewal also stamps updated_at, the devices list's "last active". */
export const SESSION_UPDATE_AGE_S = 60 * 60;

/**
 * Whether better-auth would refresh this session now (its getSession: due once `updateAge` has passed since the
 * expiry was last set, i.e. `expiresAt - expiresIn + updateAge <= now`).
 */
export function sessionRefreshDue(expiresAt: Date, now = Date.now()): boolean {
  return expiresAt.getTime() - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= now;
}

interface Entry {
  user: SessionUser;
  /** On the monotonic clock (`now`), so a step of the wall clock never extends an entry. */
  until: number;
}

/** The session cookie as better-auth reads it: its exact name and the secret that signs its value. */
export interface SessionCookie {
  name: string;
  secret: string;
}

/**
 * The session token of better-auth's own cookie in this header, read as better-auth reads it (better-call's
 * parser: the first cookie of that exact name wins, quotes stripped, %-decoded) and only when its signature is
 * valid; null otherwise. A cookie of another name (`sweatpact.session_token` beside `__Secure-...`) is never read.
 */
export function sessionTokenOf(cookieHeader: string | undefined, cookie: SessionCookie): string | null {
  if (!cookieHeader) return null;
  let value: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== cookie.name) continue;
    value = part.slice(eq + 1).trim();
    break;
  }
  if (!value) return null;
  if (value.codePointAt(0) === 34) value = value.slice(1, -1);
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // better-call keeps an undecodable value as it came
    }
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', cookie.secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * Resolved sessions by the session token better-auth verified, for a few seconds (docs/ARCHITECTURE.md,
 * "Sessions"): a request whose session was seen moments ago needs no session lookup and no user read. An entry is
 * made only under the token better-auth itself returned for that request, and found only through better-auth's
 * own cookie with a valid signature (`sessionTokenOf`), so a cookie better-auth did not read (one planted beside
 * the real one) never maps to anyone. A revoked session (sign-out, a ban, an
 * erasure) is dropped at once on every instance: `session.revoked` reaches each instance's cache through the
 * real-time bus's control channel (Redis when configured), and so is a profile change (names, time zone). The Pro
 * flag, set when the user creates a Pro Pact, is reread at most `SESSION_CACHE_TTL_MS` later.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(key: string): SessionUser | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.user;
  }

  /** Keeps a resolved session, keyed by its verified token, until the TTL or its own expiry when sooner. */
  set(key: string, user: SessionUser, sessionExpiresAt: Date) {
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first (a Map keeps insertion order): drop a tenth.
      let n = Math.ceil(MAX_ENTRIES / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--n === 0) break;
      }
    }
    const left = Math.min(this.ttlMs, sessionExpiresAt.getTime() - Date.now());
    if (left <= 0) return;
    this.entries.set(key, { user, until: this.now() + left });
  }

  /** Drops one session, or every session of the user when `sessionId` is absent. */
  drop(userId: string, sessionId?: string) {
    for (const [key, entry] of this.entries) {
      if (entry.user.id === userId && (!sessionId || entry.user.sessionId === sessionId))
        this.entries.delete(key);
    }
  }

  get size() {
    return this.entries.size;
  }
}

const caches = new WeakMap<AppContext, SessionCache>();
const cookies = new WeakMap<AppContext, SessionCookie>();

/** Told by createAuth (better-auth.ts): the cookie name and secret this app's better-auth uses. */
export function setSessionCookie(ctx: AppContext, cookie: SessionCookie) {
  cookies.set(ctx, cookie);
}

/** The verified session token of this request's better-auth cookie, or null (see `sessionTokenOf`). */
export function requestSessionToken(ctx: AppContext, cookieHeader: string | undefined): string | null {
  const cookie = cookies.get(ctx);
  return cookie ? sessionTokenOf(cookieHeader, cookie) : null;
}

/** This app's cache, subscribed to revocations (its own and other instances') and to local profile changes. */
export function sessionCacheFor(ctx: AppContext): SessionCache {
  let cache = caches.get(ctx);
  if (cache) return cache;
  const created = new SessionCache();
  cache = created;
  caches.set(ctx, created);
  ctx.realtime.subscribe(CONTROL_CHANNEL, (raw) => {
    const event = raw as ControlEvent;
    if (event.kind === 'session_revoked') created.drop(event.userId, event.sessionId);
    if (event.kind === 'recheck_user' || event.kind === 'user_changed') created.drop(event.userId);
  });
  // Also at once on this instance, before the bus round trip.
  ctx.events.on('session.revoked', (e) => created.drop(e.userId, e.sessionId));
  ctx.events.on('user.profile_changed', (e) => {
    created.drop(e.userId);
    void ctx.realtime.publish(CONTROL_CHANNEL, {
      kind: 'user_changed',
      userId: e.userId,
    } satisfies ControlEvent);
  });
  return created;
}
