import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The real-time bus between app instances: `publish(channel, event)` reaches every local subscriber of that
 * channel on every instance. With REDIS_URL, through Redis pub/sub (one publisher and one subscriber connection per
 * instance); without it, in-process. Payloads are plain JSON.
 *
 * The subscriber uses one pattern subscription for all channels, so a room's events are never missed in the
 * moment between a socket joining and a per-channel SUBSCRIBE being confirmed; each instance drops the channels it
 * has no local subscriber for. That costs one Redis delivery per event per instance, which is what fan-out to
 * every instance costs anyway.
 */
export interface RealtimeBus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, event: unknown): Promise<void>;
  /** Adds a local handler; answers the function that removes it. */
  subscribe(channel: string, handler: (event: unknown) => void): () => void;
  /** Resolves once the bus can deliver events published by other instances. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

type Handler = (event: unknown) => void;

class LocalHandlers {
  private byChannel = new Map<string, Set<Handler>>();

  constructor(private log: FastifyBaseLogger) {}

  add(channel: string, handler: Handler): () => void {
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && this.byChannel.get(channel) === set) this.byChannel.delete(channel);
    };
  }

  deliver(channel: string, event: unknown) {
    const set = this.byChannel.get(channel);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(event);
      } catch (err) {
        this.log.error({ err, channel }, 'realtime handler failed');
      }
    }
  }
}

/** In-process bus: delivery is deferred a tick so publishers never run subscriber code inside their own call. */
export function createMemoryBus(log: FastifyBaseLogger): RealtimeBus {
  const handlers = new LocalHandlers(log);
  return {
    kind: 'memory',
    async publish(channel, event) {
      const copy = JSON.parse(JSON.stringify(event)) as unknown;
      queueMicrotask(() => handlers.deliver(channel, copy));
    },
    subscribe: (channel, handler) => handlers.add(channel, handler),
    ready: async () => {},
    close: async () => {},
  };
}

export function createRedisBus(url: string, prefix: string, log: FastifyBaseLogger): RealtimeBus {
  const handlers = new LocalHandlers(log);
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  for (const [name, conn] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    conn.on('error', (err) => log.warn({ err, conn: name }, 'realtime redis error'));
  }
  subscriber.on('pmessage', (_pattern, channel, message) => {
    if (!channel.startsWith(prefix)) return;
    let event: unknown;
    try {
      event = JSON.parse(message);
    } catch {
      log.warn({ channel }, 'realtime: dropped a malformed event');
      return;
    }
    handlers.deliver(channel.slice(prefix.length), event);
  });
  const subscribed = subscriber.psubscribe(`${prefix}*`).then(() => undefined);
  subscribed.catch((err) => log.error({ err }, 'realtime: psubscribe failed'));
  return {
    kind: 'redis',
    async publish(channel, event) {
      await publisher.publish(prefix + channel, JSON.stringify(event));
    },
    subscribe: (channel, handler) => handlers.add(channel, handler),
    ready: () => subscribed,
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

export const DEFAULT_REALTIME_PREFIX = 'sweatpact:rt:';

export function createBus(opts: { redisUrl?: string; prefix?: string; log: FastifyBaseLogger }): RealtimeBus {
  return opts.redisUrl
    ? createRedisBus(opts.redisUrl, opts.prefix ?? DEFAULT_REALTIME_PREFIX, opts.log)
    : createMemoryBus(opts.log);
}
