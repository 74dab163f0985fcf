import { performance } from 'node:perf_hooks';
import type { Redis } from 'ioredis';

/** A counter in a fixed window: how many hits since the window started, and how long until it ends. */
export interface Count {
  count: number;
  resetInMs: number;
}

const HIT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}
`;

const MAX_LOCAL_KEYS = 50_000;

/**
 * Named counters for the limits the rate-limit plugin cannot express (failed sign-ins per address, per email,
 * mails per mailbox): in Redis when configured, so every instance shares them, and in memory otherwise or while
 * Redis is away. Keys are counted in fixed windows that start at their first hit.
 */
export class Counters {
  private local = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private redis: Redis | undefined,
    private prefix: string,
    private onFallback: (err: unknown) => void = () => {},
    /** A monotonic clock: a step of the wall clock neither extends nor ends a window. */
    private now: () => number = () => performance.now(),
  ) {
    redis?.defineCommand('spHit', { numberOfKeys: 1, lua: HIT });
  }

  /** Counts one more hit on `key` and answers the count including it. */
  async hit(key: string, windowMs: number): Promise<Count> {
    if (this.redis?.status === 'ready') {
      try {
        const [count, ttl] = (await (
          this.redis as unknown as { spHit(k: string, w: number): Promise<[number, number]> }
        ).spHit(this.prefix + key, windowMs)) as [number, number];
        return { count, resetInMs: Math.max(0, ttl) };
      } catch (err) {
        this.onFallback(err);
      }
    }
    return this.hitLocal(key, windowMs);
  }

  /** The current count of `key` (0 when its window ended), without counting. */
  async peek(key: string): Promise<Count> {
    if (this.redis?.status === 'ready') {
      try {
        const [value, ttl] = await Promise.all([
          this.redis.get(this.prefix + key),
          this.redis.pttl(this.prefix + key),
        ]);
        return { count: Number(value ?? 0), resetInMs: Math.max(0, ttl) };
      } catch (err) {
        this.onFallback(err);
      }
    }
    const entry = this.local.get(key);
    const now = this.now();
    if (!entry || entry.endsAt <= now) return { count: 0, resetInMs: 0 };
    return { count: entry.count, resetInMs: entry.endsAt - now };
  }

  async reset(key: string): Promise<void> {
    this.local.delete(key);
    if (this.redis?.status === 'ready') await this.redis.del(this.prefix + key).catch(this.onFallback);
  }

  private hitLocal(key: string, windowMs: number): Count {
    const now = this.now();
    let entry = this.local.get(key);
    if (!entry || entry.endsAt <= now) {
      if (this.local.size >= MAX_LOCAL_KEYS) this.evict(now);
      entry = { count: 0, endsAt: now + windowMs };
      this.local.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.endsAt - now };
  }

  /** Drops ended windows, then the oldest keys, so memory stays bounded under a flood of distinct keys. */
  private evict(now: number) {
    for (const [key, entry] of this.local) if (entry.endsAt <= now) this.local.delete(key);
    for (const key of this.local.keys()) {
      if (this.local.size < MAX_LOCAL_KEYS * 0.9) break;
      this.local.delete(key);
    }
  }
}
