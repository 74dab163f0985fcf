import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { type DataChanges, type TableWatch, unionOfWritten, type WrittenTables } from '../db/changes';
import { type AnswerEncoding, compressAnswer } from './compression';
import { DATA_CHANNEL, type DataChangedEvent } from './realtime/events';

/** How long a cached answer may be served at most: what depends on the clock (a start window, a grace) moves on. */
export const ANSWER_CACHE_TTL_MS = 2_000;
/** What the cache may hold in all, and the largest answer it keeps. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_BODY_BYTES = 256 * 1024;

/** A kept answer: its JSON, the same compressed in each encoding asked so far, and the data it stands for. */
export interface KeptAnswer {
  readonly body: Buffer;
  readonly until: number;
  readonly encoded: Partial<Record<AnswerEncoding, Buffer>>;
  /** The tables its route reads, and their version when it began to be computed. */
  readonly watch: TableWatch;
  readonly version: number;
}

/**
 * Answers of hot GET routes, per person, while the data they read did not change (docs/ARCHITECTURE.md, "Answers
 * cached per person"). A key is the owner (the signed-in user's id) and the request's URL, so an answer is only ever
 * served to the person it was computed for, and only after their session was checked again. Every entry stands for
 * the tables its route reads as they were at one moment: a committed write to one of them on this instance (the
 * database's `DataChanges`) or reported by another instance (on the bus) makes it stale at once, and none is served
 * after `ANSWER_CACHE_TTL_MS`. An answer computed while such a write finished is not kept.
 */
export class AnswerCache {
  readonly #entries = new Map<string, KeptAnswer>();
  #bytes = 0;
  /** The cached routes (their paths) and the tables each reads. */
  readonly routes = new Map<string, readonly string[]>();

  constructor(
    private readonly changes: Pick<DataChanges, 'watch'>,
    private readonly ttlMs = ANSWER_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  static keyOf(owner: string, url: string) {
    return `${owner}\n${url}`;
  }

  /** The version of what a route reads (one watch per set of tables). */
  watch(tables: Iterable<string>): TableWatch {
    return this.changes.watch(tables);
  }

  get(key: string): KeptAnswer | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.version !== entry.watch.version || entry.until <= this.now()) {
      this.#delete(key, entry);
      return null;
    }
    return entry;
  }

  /**
   * Keeps `body` for `key` unless one of the tables `watch` covers was written since `version` was read, before the
   * answer's first read (the answer may then be stale already).
   */
  set(key: string, watch: TableWatch, version: number, body: Buffer): KeptAnswer | null {
    if (version !== watch.version) return null;
    if (body.length > MAX_BODY_BYTES) return null;
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    // Oldest first (a Map keeps insertion order); stale entries not asked for again go this way too.
    for (const [k, entry] of this.#entries) {
      if (this.#bytes + body.length <= MAX_BYTES) break;
      this.#delete(k, entry);
    }
    const entry: KeptAnswer = { body, until: this.now() + this.ttlMs, encoded: {}, watch, version };
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

  get size() {
    return this.#entries.size;
  }

  /** What the entries hold, in bytes (their JSON and its compressed forms). */
  get bytes() {
    return this.#bytes;
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
 * instances on the bus's `data` channel (Redis when configured), with the tables written, once per burst of writes;
 * theirs reach this one the same way, and a reconnect of the bus (whose events meanwhile were lost) counts as a
 * write to every table. Without Redis there is one instance and nothing to tell.
 */
export function registerAnswerCache(app: FastifyInstance) {
  const { ctx } = app;
  const changes = ctx.database.changes;
  caches.set(ctx, new AnswerCache(changes));
  if (ctx.realtime.kind !== 'redis') return;
  const from = randomUUID();
  // The tables written since the last notice went out (null: any), or undefined when none is due.
  let pending: WrittenTables | undefined;
  const offChanges = changes.onChange((tables) => {
    const first = pending === undefined;
    pending = pending === undefined ? tables : unionOfWritten(pending, tables);
    if (!first) return;
    queueMicrotask(() => {
      const written = pending ?? null;
      pending = undefined;
      void ctx.realtime.publish(DATA_CHANNEL, { from, tables: written } satisfies DataChangedEvent);
    });
  });
  const offData = ctx.realtime.subscribe(DATA_CHANNEL, (raw) => {
    const event = raw as Partial<DataChangedEvent>;
    if (event.from === from) return;
    // An event of another shape (an older instance) moves every table.
    const tables = Array.isArray(event.tables) && event.tables.every((t) => typeof t === 'string');
    changes.changedElsewhere(tables ? (event.tables as string[]) : null);
  });
  const offReconnect = ctx.realtime.onReconnect(() => changes.changedElsewhere(null));
  app.addHook('onClose', async () => {
    offChanges();
    offData();
    offReconnect();
  });
}
