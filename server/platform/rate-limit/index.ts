import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from '../../context';
import { onFirstUse } from '../optional-package';
import { Counters } from './counters';
import { fallbackStore } from './store';

const ioredis = onFirstUse<typeof import('ioredis')>('ioredis');

export { type Count, Counters } from './counters';
export { fallbackStore } from './store';

export interface Limiter {
  /** The connection the limits count on (undefined without REDIS_URL). */
  redis: Redis | undefined;
  /** Key prefix in Redis, so test runs and apps sharing a Redis never share counters. */
  prefix: string;
  /** The store for @fastify/rate-limit. */
  Store: ReturnType<typeof fallbackStore>;
  counters: Counters;
  close(): Promise<void>;
}

/**
 * The rate limits' Redis connection never queues or retries a command: when Redis is away a limit counts in
 * this instance at once (per-instance limits), instead of holding the request or failing it.
 */
export function createLimiter(opts: { redisUrl?: string; prefix: string; log: FastifyBaseLogger }): Limiter {
  const redis = opts.redisUrl
    ? new (ioredis().Redis)(opts.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 500,
      })
    : undefined;
  let warned = false;
  const onFallback = (err: unknown) => {
    if (warned) return;
    warned = true;
    opts.log.warn({ err }, 'rate limits: Redis unavailable; counting per instance until it returns');
  };
  redis?.on('error', onFallback);
  redis?.on('ready', () => {
    if (warned) opts.log.info('rate limits: Redis is back; counting in Redis again');
    warned = false;
  });
  return {
    redis,
    prefix: opts.prefix,
    Store: fallbackStore(redis, `${opts.prefix}rl:`, onFallback),
    counters: new Counters(redis, `${opts.prefix}ctr:`, onFallback),
    async close() {
      await redis?.quit().catch(() => {});
    },
  };
}

const limiters = new WeakMap<AppContext, Limiter>();

export function setLimiter(ctx: AppContext, limiter: Limiter) {
  limiters.set(ctx, limiter);
}

/** The app's limiter (set when the app is built). */
export function limiterFor(ctx: AppContext): Limiter {
  const limiter = limiters.get(ctx);
  if (!limiter) throw new Error('No limiter for this app');
  return limiter;
}
