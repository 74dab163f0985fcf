import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { onFirstUse } from '../optional-package';

const ioredis = onFirstUse<typeof import('ioredis')>('ioredis');

/**
 * The real-time bus between app instances: `publish(channel, event)` reaches every local subscriber of that
 * channel on every instance. With REDIS_URL, through Redis pub/sub (one publisher and one subscriber connection per
 * instance); without it, in-process. Payloads are plain JSON.
 *
 * The subscriber uses one pattern subscription for all channels, so a room's events are never missed in the
 * moment between a socket joining and a per-channel SUBSCRIBE being confirmed; each instance drops the channels it
 * has no local subscriber for. That costs one Redis delivery per event per instance, which is what fan-out to
 * every instance costs anyway.
 *
 * Redis going away must not stop the chat: an instance delivers its own events to its own subscribers directly
 * (not through Redis), publishing never waits for or fails on Redis, and when the subscriber connection comes
 * back `onReconnect` handlers run, so the gateway re-reads from the database what other instances posted meanwhile.
 */
export interface RealtimeBus {
  readonly kind: 'memory' | 'redis';
  /** Delivers to this instance's subscribers and, when Redis is there, to the others'. Never rejects. */
  publish(channel: string, event: unknown): Promise<void>;
  /** Adds a local handler; answers the function that removes it. */
  subscribe(channel: string, handler: (event: unknown) => void): () => void;
  /** Resolves once the bus can deliver events published by other instances. */
  ready(): Promise<void>;
  /**
   * Runs `handler` each time delivery from other instances resumes after an interruption (events published
   * meanwhile were lost); answers the function that removes it.
   */
  onReconnect(handler: () => void): () => void;
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
    onReconnect: () => () => {},
    close: async () => {},
  };
}

/** Events on Redis carry the publishing instance, which has already delivered them to its own subscribers. */
interface Envelope {
  o: string;
  e: unknown;
}

const READY_TIMEOUT_MS = 5000;
const MAX_BACKLOG = 10_000;

export function createRedisBus(url: string, prefix: string, log: FastifyBaseLogger): RealtimeBus {
  const handlers = new LocalHandlers(log);
  const origin = randomBytes(6).toString('hex');
  // Publishing never waits for a connection (no offline queue; see the backlog) and gives up on a stalled server
  // quickly.
  const publisher = new (ioredis().Redis)(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
  });
  const subscriber = new (ioredis().Redis)(url, { maxRetriesPerRequest: null });
  const pattern = `${prefix}*`;
  const reconnectHandlers = new Set<() => void>();
  let down = false;

  const markDown = (err?: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'realtime: Redis unavailable; delivering to this instance only until it returns');
  };
  publisher.on('error', (err) => log.debug({ err }, 'realtime publisher error'));

  // Events not yet handed to Redis, oldest first: sent in order as soon as the publisher is connected, so an
  // instance's events reach the others late rather than never. Bounded; beyond it the others' catch-up read
  // (when their own subscriber reconnects) still brings every chat message.
  const backlog: [string, string][] = [];
  let overflowed = false;
  let flushing = false;
  const flush = async () => {
    if (flushing) return;
    flushing = true;
    try {
      while (backlog.length > 0 && publisher.status === 'ready') {
        const [channel, message] = backlog[0]!;
        await publisher.publish(channel, message);
        backlog.shift();
      }
      if (backlog.length === 0) overflowed = false;
    } catch (err) {
      log.warn({ err }, 'realtime: publish to Redis failed; will send when it answers again');
    } finally {
      flushing = false;
    }
  };
  publisher.on('ready', () => void flush());
  subscriber.on('error', (err) => markDown(err));
  subscriber.on('close', () => markDown());
  subscriber.on('ready', () => {
    if (!down) return;
    // Subscribe again before telling anyone, so nothing published after their catch-up read is missed.
    subscriber
      .psubscribe(pattern)
      .then(() => {
        down = false;
        log.info('realtime: Redis is back; resynchronising rooms from the database');
        for (const handler of [...reconnectHandlers]) handler();
      })
      .catch((err) => log.warn({ err }, 'realtime: psubscribe after reconnect failed'));
  });
  subscriber.on('pmessage', (_pattern, channel, message) => {
    if (!channel.startsWith(prefix)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      log.warn({ channel }, 'realtime: dropped a malformed event');
      return;
    }
    const envelope = parsed as Partial<Envelope>;
    // Our own events were delivered here when published.
    if (envelope.o === origin) return;
    handlers.deliver(channel.slice(prefix.length), typeof envelope.o === 'string' ? envelope.e : parsed);
  });
  const subscribed = subscriber.psubscribe(pattern).then(() => undefined);
  subscribed.catch((err) => log.error({ err }, 'realtime: psubscribe failed'));
  const publisherReady = new Promise<void>((resolve) => {
    if (publisher.status === 'ready') resolve();
    else publisher.once('ready', () => resolve());
  });
  // An instance starting while Redis is away still starts (serving its own sockets) and resyncs when it returns.
  const readyOrLater = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      markDown();
      resolve();
    }, READY_TIMEOUT_MS);
    timer.unref();
    Promise.all([subscribed, publisherReady]).then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {},
    );
  });
  return {
    kind: 'redis',
    async publish(channel, event) {
      const text = JSON.stringify(event);
      const copy = JSON.parse(text) as unknown;
      queueMicrotask(() => handlers.deliver(channel, copy));
      backlog.push([prefix + channel, `{"o":${JSON.stringify(origin)},"e":${text}}`]);
      if (backlog.length > MAX_BACKLOG) {
        backlog.shift();
        if (!overflowed) log.warn('realtime: too many events waiting for Redis; dropping the oldest');
        overflowed = true;
      }
      await flush();
    },
    subscribe: (channel, handler) => handlers.add(channel, handler),
    ready: () => readyOrLater,
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async close() {
      reconnectHandlers.clear();
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
