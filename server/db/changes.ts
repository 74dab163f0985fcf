/**
 * Counts committed writes to one database, as this process sees them (docs/ARCHITECTURE.md, "Answers cached per
 * person"). Every statement the app sends passes here (client.ts wraps `pg`'s clients and PGlite's calls): one that
 * may change data moves `version` on once it has finished, outside a transaction, or once its transaction committed.
 * An answer computed while `version` stood still read no data that changed meanwhile, so it may be served again
 * until `version` moves. Reads only (`select`, `with ... select`, `show`, `begin`, `rollback`, `set`...) leave it;
 * anything else moves it, so an unknown statement costs a cache miss, never a stale answer.
 */
export class DataChanges {
  #version = 0;
  readonly #listeners = new Set<() => void>();

  get version() {
    return this.#version;
  }

  /** Called after a write finished (or committed). */
  changed() {
    this.#version += 1;
    for (const listener of this.#listeners) listener();
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** What a statement does to the data, by its text: reading, opening or ending a transaction, or (else) writing. */
export type StatementKind = 'read' | 'commit' | 'write';

const READ_START =
  /^\s*(?:select|with|show|explain|values|begin|start\s+transaction|rollback|abort|set\s|savepoint|release|listen|unlisten|deallocate|discard)\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
/** A data-modifying part inside a read-looking statement (a `with` holding an insert, a sequence's next value). */
const MODIFIES =
  /\b(?:insert\s+into|update\s+\S+\s+set|delete\s+from|merge\s+into|truncate|nextval|setval)\b/i;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
/** `rollback to savepoint` keeps the transaction open; `rollback` alone ends it without changes. */
const ROLLBACK = /^\s*(?:rollback|abort)\s*;?\s*$/i;

const kinds = new Map<string, StatementKind>();

export function statementKind(text: string | undefined): StatementKind {
  if (text === undefined) return 'write';
  const known = kinds.get(text);
  if (known) return known;
  const kind: StatementKind = COMMIT.test(text)
    ? 'commit'
    : READ_START.test(text) && !MODIFIES.test(text)
      ? 'read'
      : 'write';
  // The app's texts are a fixed set (drizzle builds the same text for the same query); bounded all the same.
  if (kinds.size < 5_000) kinds.set(text, kind);
  return kind;
}

/**
 * The bookkeeping of one connection (or one PGlite transaction): inside a transaction a write only marks it, and
 * the commit moves `version`; outside, the write itself does once it finished.
 */
export class ConnectionChanges {
  #inTransaction = false;
  #dirty = false;

  constructor(private readonly changes: DataChanges) {}

  /** Before the statement is sent. Returns whether to call `after` once it finished (either way). */
  before(text: string | undefined): boolean {
    const kind = statementKind(text);
    if (kind === 'read') {
      if (text && BEGIN.test(text)) {
        this.#inTransaction = true;
        this.#dirty = false;
      } else if (text && ROLLBACK.test(text)) {
        this.#inTransaction = false;
        this.#dirty = false;
      }
      return false;
    }
    if (kind === 'commit') {
      const dirty = this.#dirty;
      this.#inTransaction = false;
      this.#dirty = false;
      return dirty;
    }
    // Inside a transaction the commit moves `version` again: a reader may read the old rows until then.
    if (this.#inTransaction) this.#dirty = true;
    return true;
  }

  after() {
    this.changes.changed();
  }
}

type Callback = (err: Error | null, result: unknown) => void;
interface PgClientLike {
  query(...args: unknown[]): unknown;
}

/**
 * `pg`'s Client class with its statements counted (the pools' `Client` option): `query` takes a text or a config
 * object, and answers by promise, by callback (pg-pool's `pool.query`) or, for a submittable, by its events.
 */
// biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor must take any[] (TypeScript's rule)
export function countingPgClient<C extends new (...args: any[]) => PgClientLike>(
  Base: C,
  changes: DataChanges,
): C {
  return class CountingClient extends Base {
    readonly #connection = new ConnectionChanges(changes);

    override query(...args: unknown[]): unknown {
      const config = args[0] as string | { text?: string; submit?: unknown } | undefined;
      const text = typeof config === 'string' ? config : config?.text;
      if (!this.#connection.before(text)) return super.query(...args);
      const done = () => this.#connection.after();
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as Callback;
        args[last] = ((err, result) => {
          done();
          callback(err, result);
        }) satisfies Callback;
        return super.query(...args);
      }
      const answer = super.query(...args) as PromiseLike<unknown> & {
        once?: (event: string, listener: () => void) => void;
      };
      if (typeof answer?.then === 'function') {
        return Promise.resolve(answer).then(
          (result) => {
            done();
            return result;
          },
          (err: unknown) => {
            done();
            throw err;
          },
        );
      }
      answer?.once?.('end', done);
      answer?.once?.('error', done);
      return answer;
    }
  };
}

interface PgliteLike {
  query(text: string, ...rest: never[]): Promise<unknown>;
  transaction<T>(fn: (tx: { query: PgliteLike['query'] }) => Promise<T>): Promise<T>;
}

/**
 * PGlite's two calls drizzle uses, counted: `query` outside a transaction moves `version` after a write; inside
 * `transaction` a write marks it, and `version` moves after the commit (PGlite sends its own BEGIN and COMMIT).
 */
export function countingPglite<T extends PgliteLike>(
  client: T,
  changes: DataChanges,
): Pick<T, 'query' | 'transaction'> {
  return {
    query: countingQuery(client.query.bind(client), changes) as T['query'],
    transaction: countingTransaction(client, changes) as T['transaction'],
  };
}

async function counted<R>(run: () => Promise<R>, text: string, onWrite: () => void): Promise<R> {
  if (statementKind(text) === 'read') return run();
  try {
    return await run();
  } finally {
    onWrite();
  }
}

/** A `query(text, ...)` function whose writes move `version` once finished (PGlite outside a transaction). */
export function countingQuery<Q extends (text: string, ...rest: never[]) => Promise<unknown>>(
  query: Q,
  changes: DataChanges,
): Q {
  return ((text: string, ...rest: never[]) =>
    counted(
      () => query(text, ...rest),
      text,
      () => changes.changed(),
    )) as Q;
}

function countingTransaction(client: PgliteLike, changes: DataChanges): PgliteLike['transaction'] {
  return async <R>(fn: (tx: { query: PgliteLike['query'] }) => Promise<R>) => {
    let dirty = false;
    const wrote = () => {
      dirty = true;
      changes.changed();
    };
    try {
      return await client.transaction((tx) =>
        // The transaction object with its `query` counted; the rest (`closed`, `rollback`...) read through.
        fn(
          Object.assign(Object.create(tx) as typeof tx, {
            query: ((text: string, ...rest: never[]) =>
              counted(() => tx.query(text, ...rest), text, wrote)) as PgliteLike['query'],
          }),
        ),
      );
    } finally {
      // After the COMMIT (or the ROLLBACK, which changed nothing: one needless move).
      if (dirty) changes.changed();
    }
  };
}
