import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Result) => void;

interface RateStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateStore;
}
type StoreClass = new (...args: unknown[]) => RateStore;

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreClass;

/**
 * A @fastify/rate-limit store that counts in Redis while Redis answers and in this instance's memory otherwise
 * (not connected, or a command failed or timed out), so an outage makes limits per instance instead of turning
 * requests into 500s, hangs or 429s. Both counters live side by side: when Redis returns its counts resume.
 */
export function fallbackStore(
  redis: Redis | undefined,
  nameSpace: string,
  onFallback: (err: unknown) => void,
) {
  class FallbackStore implements RateStore {
    constructor(
      private local: RateStore,
      private remote: RateStore | null,
    ) {}

    static create(params: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      const local = new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache);
      const remote = redis
        ? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace)
        : null;
      return new FallbackStore(local, remote);
    }

    private pick(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      const local = () => this.local[method]!(key, cb, timeWindow, max);
      if (!this.remote || redis?.status !== 'ready') return local();
      this.remote[method]!(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          onFallback(err);
          local();
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.pick('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.pick('read', key, cb, timeWindow, max);
    }

    child(routeOptions: unknown): RateStore {
      return new FallbackStore(this.local.child(routeOptions), this.remote?.child(routeOptions) ?? null);
    }
  }
  // The plugin calls `new Store(globalParams)`.
  return function createStore(params: object) {
    return FallbackStore.create(params);
  } as unknown as FastifyRateLimitStoreCtor;
}
