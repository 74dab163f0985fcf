import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { DataChanges } from '../db/changes';
import { type AnswerEncoding, compressAnswer } from './compression';
import { DATA_CHANNEL, type DataChangedEvent } from './realtime/events';

/** How long a cached answer may be served at most: what depends on the clock (a start window, a grace) moves on. */
export const ANSWER_CACHE_TTL_MS = 2_000;
/** What the cache may hold in all, and the largest answer it keeps. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_BODY_BYTES = 256 * 1024;

/** A kept answer: its JSON, and the same compressed in each encoding asked so far. */
export interface KeptAnswer {
  readonly body: Buffer;
  readonly until: number;
  readonly encoded: Partial<Record<AnswerEncoding, Buffer>>;
}

/** Where the data stood when an answer began to be computed: the cache keeps the answer only if it still stands. */
export interface Stamp {
  version: number;
  peers: number;
}

/**
 * Answers of hot GET routes, per person, while no data changed (docs/ARCHITECTURE.md, "Answers cached per person").
 * A key is the owner (the signed-in user's id) and the request's URL, so an answer is only ever served to the person
 * it was computed for, and only after their session was checked again. Every entry stands for the data as it was at
 * one moment: any committed write on this instance (the database's `DataChanges`) or reported by another instance
 * (on the bus) makes every entry stale at once, and none is served after `ANSWER_CACHE_TTL_MS`. An
 * answer computed while a write finished is not kept.
 */
export class AnswerCache {
  readonly #entries = new Map<string, KeptAnswer>();
  #bytes = 0;
  /** Writes reported by other instances. */
  #peers = 0;
  /** Where the data stood for the entries held now. */
  #held: Stamp = { version: -1, peers: -1 };

  constructor(
    private readonly changes: Pick<DataChanges, 'version'>,
    private readonly ttlMs = ANSWER_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  static keyOf(owner: string, url: string) {
    return `${owner}\n${url}`;
  }

  /** Taken before the answer is computed (before its first read). */
  stamp(): Stamp {
    return { version: this.changes.version, peers: this.#peers };
  }

  get(key: string): KeptAnswer | null {
    if (!this.#current()) return null;
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.until <= this.now()) {
      this.#delete(key, entry);
      return null;
    }
    return entry;
  }

  /** Keeps `body` for `key` unless a write finished since `stamp` (it may then be stale already). */
  set(key: string, stamp: Stamp, body: Buffer): KeptAnswer | null {
    if (stamp.version !== this.changes.version || stamp.peers !== this.#peers) return null;
    if (body.length > MAX_BODY_BYTES) return null;
    this.#current();
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    // Oldest first (a Map keeps insertion order).
    for (const [k, entry] of this.#entries) {
      if (this.#bytes + body.length <= MAX_BYTES) break;
      this.#delete(k, entry);
    }
    const entry: KeptAnswer = { body, until: this.now() + this.ttlMs, encoded: {} };
    this.#entries.set(key, entry);
    this.#bytes += body.length;
    return entry;
  }

  /** The kept answer in `encoding`: compressed on the first request that asks for it, then kept beside it. */
  encoded(key: string, entry: KeptAnswer, encoding: AnswerEncoding): Buffer {
    const known = entry.encoded[encoding];
    if (known) return known;
    const bytes = compressAnswer(entry.body, encoding);
    entry.encoded[encoding] = bytes;
    if (this.#entries.get(key) === entry) this.#bytes += bytes.length;
    return bytes;
  }

  /** Another instance committed a write (or events from the others may have been lost). */
  peerChanged() {
    this.#peers += 1;
  }

  get size() {
    return this.#entries.size;
  }

  /** Whether the entries held are of the data as it stands; if not, they are dropped (each would be stale). */
  #current(): boolean {
    const version = this.changes.version;
    if (this.#held.version === version && this.#held.peers === this.#peers) return true;
    this.#entries.clear();
    this.#bytes = 0;
    this.#held = { version, peers: this.#peers };
    return false;
  }

  #delete(key: string, entry: KeptAnswer) {
    this.#entries.delete(key);
    this.#bytes -= entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
  }
}

const caches = new WeakMap<AppContext, AnswerCache>();

/** This app's cache (registerAnswerCache made it at start). */
export function answerCacheFor(ctx: AppContext): AnswerCache {
  const cache = caches.get(ctx);
  if (!cache) throw new Error('registerAnswerCache was not called');
  return cache;
}

/**
 * Makes this app's cache at start, so that its writes are told from the first one on. They reach the other
 * instances on the bus's `data` channel (Redis when configured), once per burst of writes; theirs reach this one
 * the same way, and a reconnect of the bus (whose events meanwhile were lost) counts as a change too. Without Redis
 * there is one instance and nothing to tell.
 */
export function registerAnswerCache(app: FastifyInstance) {
  const { ctx } = app;
  const cache = new AnswerCache(ctx.database.changes);
  caches.set(ctx, cache);
  if (ctx.realtime.kind !== 'redis') return;
  const from = randomUUID();
  let telling = false;
  const offChanges = ctx.database.changes.onChange(() => {
    if (telling) return;
    telling = true;
    queueMicrotask(() => {
      telling = false;
      void ctx.realtime.publish(DATA_CHANNEL, { from } satisfies DataChangedEvent);
    });
  });
  const offData = ctx.realtime.subscribe(DATA_CHANNEL, (raw) => {
    if ((raw as DataChangedEvent).from !== from) cache.peerChanged();
  });
  const offReconnect = ctx.realtime.onReconnect(() => cache.peerChanged());
  app.addHook('onClose', async () => {
    offChanges();
    offData();
    offReconnect();
  });
}
