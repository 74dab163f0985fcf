import type { AppContext } from '../../context';
import { CONTROL_CHANNEL, type ControlEvent } from '../../platform/realtime/events';
import type { SessionUser } from './guard';

/** How long a resolved session is reused without asking the database again. */
export const SESSION_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  user: SessionUser;
  until: number;
}

/**
 * Resolved sessions by their cookie's value, for a few seconds (docs/ARCHITECTURE.md, "Sessions"): a request
 * whose cookie was seen moments ago needs no session lookup and no user read. Only the exact cookie (token and
 * signature) finds an entry, so nothing is served to another caller. A revoked session (sign-out, a ban, an
 * erasure) is dropped at once on every instance: `session.revoked` reaches each instance's cache through the
 * real-time bus's control channel (Redis when configured), and so is a profile change (names, time zone). The Pro
 * flag, set when the user creates a Pro Pact, is reread at most `SESSION_CACHE_TTL_MS` later.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The session cookie's whole value (token and signature), as it came: only that exact value finds an entry. */
  static keyOf(cookieHeader: string | undefined): string | null {
    return /(?:^|;\s*)(?:__Secure-)?sweatpact\.session_token=([^;]+)/.exec(cookieHeader ?? '')?.[1] ?? null;
  }

  get(key: string): SessionUser | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.user;
  }

  /** Keeps a resolved session until the TTL, or its own expiry when sooner. */
  set(key: string, user: SessionUser, sessionExpiresAt: Date) {
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first (a Map keeps insertion order): drop a tenth.
      let n = Math.ceil(MAX_ENTRIES / 10);
      for (const k of this.entries.keys()) {
        this.entries.delete(k);
        if (--n === 0) break;
      }
    }
    this.entries.set(key, { user, until: Math.min(this.now() + this.ttlMs, sessionExpiresAt.getTime()) });
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
