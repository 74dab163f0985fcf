/**
 * Counts committed writes to one database, as this process sees them, per table (docs/ARCHITECTURE.md, "Answers
 * cached per person"). Every statement the app sends passes here (client.ts wraps `pg`'s clients and PGlite's calls):
 * one that may change data moves the version of the tables it writes once it has finished, outside a transaction,
 * or once its transaction committed. An answer computed while the versions of the tables it reads stood still read
 * no data that changed meanwhile, so it may be served again until one of them moves. Reads only (`select`,
 * `with ... select`, `show`, `begin`, `rollback`, `set`...) move nothing; an insert or an update moves its own table
 * (the schema has no triggers and no `on update cascade`); anything else (a delete, whose cascades reach other
 * tables, a truncate, a text we do not parse) moves every table, so an unknown statement costs cache misses, never
 * a stale answer.
 */
export class DataChanges {
  #version = 0;
  readonly #listeners = new Set<(tables: WrittenTables) => void>();
  readonly #watches = new Map<string, TableWatch>();
  #observer: ((text: string | undefined) => void) | null = null;

  /** Moves on every write, to any table. */
  get version() {
    return this.#version;
  }

  /** Called after a write of this process finished (or committed): `tables` it wrote, or null for any. */
  changed(tables: WrittenTables = null) {
    this.#move(tables);
    for (const listener of this.#listeners) listener(tables);
  }

  /** Another process (an instance on the bus) wrote `tables`, or null for any: moves them, tells no listener. */
  changedElsewhere(tables: WrittenTables) {
    this.#move(tables);
  }

  /** Told of this process's writes (the answer cache tells the other instances). */
  onChange(listener: (tables: WrittenTables) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A version that moves whenever one of `tables` is written (one watch per set of tables, shared). */
  watch(tables: Iterable<string>): TableWatch {
    const names = [...new Set(tables)].sort();
    const key = names.join(',');
    let watch = this.#watches.get(key);
    if (!watch) {
      watch = new TableWatch(names);
      this.#watches.set(key, watch);
    }
    return watch;
  }

  /** Shown every statement's text before it is sent (tests learn what a route reads), or nothing with null. */
  observe(observer: ((text: string | undefined) => void) | null) {
    this.#observer = observer;
  }

  /** Where client.ts's wrappers show each statement. */
  saw(text: string | undefined) {
    this.#observer?.(text);
  }

  #move(tables: WrittenTables) {
    this.#version += 1;
    for (const watch of this.#watches.values()) {
      if (tables === null || tables.some((t) => watch.tables.has(t))) watch.version += 1;
    }
  }
}

/** The version of a set of tables (DataChanges.watch). */
export class TableWatch {
  version = 0;
  readonly tables: ReadonlySet<string>;
  constructor(names: readonly string[]) {
    this.tables = new Set(names);
  }
}

/** The tables a statement writes, or null when it may write any. */
export type WrittenTables = readonly string[] | null;

/** What a statement does to the data, by its text: reading, opening or ending a transaction, or (else) writing. */
export type StatementKind = 'read' | 'commit' | 'write';

interface Statement {
  kind: StatementKind;
  /** For a write: the tables it writes, or null for any. */
  writes: WrittenTables;
}

const READ_START =
  /^\s*(?:select|with|show|explain|values|begin|start\s+transaction|rollback|abort|set\s|savepoint|release|listen|unlisten|deallocate|discard)\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
/** An update's target: its table (maybe schema-qualified), an optional alias, then `set` (not `do update set`). */
const UPDATE_TARGET = String.raw`\bupdate\s+(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?(?:\s+(?:as\s+)?"?\w+"?)?\s+set\b`;
/** A data-modifying part inside a read-looking statement (a `with` holding an insert, a sequence's next value). */
const MODIFIES = new RegExp(
  String.raw`\b(?:insert\s+into|delete\s+from|merge\s+into|truncate|nextval|setval)\b|${UPDATE_TARGET}`,
  'i',
);
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
/** `rollback to savepoint` keeps the transaction open; `rollback` alone ends it without changes. */
const ROLLBACK = /^\s*(?:rollback|abort)\s*;?\s*$/i;
/** What may write beyond the tables it names: a delete (its cascades), a truncate, a merge, a sequence. */
const WRITES_ANY = /\b(?:delete\s+from|truncate|merge\s+into|nextval|setval)\b/i;
/** The writes whose tables we read off their text: an insert, an update, a `with` holding them (not DDL...). */
const PARSED_START = /^\s*(?:insert|update|with)\b/i;
/** The table of an insert, or of an update. */
const TARGETS = new RegExp(String.raw`\binsert\s+into\s+(?:"?\w+"?\.)?"?(\w+)"?|${UPDATE_TARGET}`, 'gi');

const known = new Map<string, Statement>();

function parse(text: string): Statement {
  if (COMMIT.test(text)) return { kind: 'commit', writes: [] };
  if (READ_START.test(text) && !MODIFIES.test(text)) return { kind: 'read', writes: [] };
  if (!PARSED_START.test(text) || WRITES_ANY.test(text)) return { kind: 'write', writes: null };
  const tables = new Set<string>();
  for (const m of text.matchAll(TARGETS)) tables.add((m[1] ?? m[2]) as string);
  return { kind: 'write', writes: tables.size > 0 ? [...tables] : null };
}

const UNKNOWN: Statement = { kind: 'write', writes: null };

function statement(text: string | undefined): Statement {
  if (text === undefined) return UNKNOWN;
  const seen = known.get(text);
  if (seen) return seen;
  const parsed = parse(text);
  // The app's texts are a fixed set (drizzle builds the same text for the same query); bounded all the same.
  if (known.size < 5_000) known.set(text, parsed);
  return parsed;
}

export function statementKind(text: string | undefined): StatementKind {
  return statement(text).kind;
}

/** The tables a write statement writes, or null when it may write any (a read writes none). */
export function writtenTables(text: string | undefined): WrittenTables {
  return statement(text).writes;
}

/** `a` and `b` together (null, any table, wins). */
export function unionOfWritten(a: WrittenTables, b: WrittenTables): WrittenTables {
  if (a === null || b === null) return null;
  if (b.every((t) => a.includes(t))) return a;
  return [...new Set([...a, ...b])];
}

/**
 * The bookkeeping of one connection (or one PGlite transaction): inside a transaction a write moves its tables and
 * marks them, and the commit moves them again; outside, the write itself does once it finished.
 */
export class ConnectionChanges {
  #inTransaction = false;
  /** What the open transaction wrote so far. */
  #written: WrittenTables = [];

  constructor(private readonly changes: DataChanges) {}

  /**
   * Before the statement is sent. Answers what to pass to `after` once it finished (either way): the tables it
   * moved, null for any, or undefined when it moves nothing.
   */
  before(text: string | undefined): WrittenTables | undefined {
    this.changes.saw(text);
    const { kind, writes } = statement(text);
    if (kind === 'read') {
      if (text && BEGIN.test(text)) {
        this.#inTransaction = true;
        this.#written = [];
      } else if (text && ROLLBACK.test(text)) {
        this.#inTransaction = false;
        this.#written = [];
      }
      return undefined;
    }
    if (kind === 'commit') {
      const written = this.#written;
      this.#inTransaction = false;
      this.#written = [];
      return written === null || written.length > 0 ? written : undefined;
    }
    // Inside a transaction the commit moves them again: a reader may read the old rows until then.
    if (this.#inTransaction) this.#written = unionOfWritten(this.#written, writes);
    return writes;
  }

  after(tables: WrittenTables) {
    this.changes.changed(tables);
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
      const moves = this.#connection.before(text);
      if (moves === undefined) return super.query(...args);
      const done = () => this.#connection.after(moves);
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

async function counted<R>(
  run: () => Promise<R>,
  text: string,
  changes: DataChanges,
  onWrite: (tables: WrittenTables) => void,
): Promise<R> {
  changes.saw(text);
  const { kind, writes } = statement(text);
  if (kind === 'read') return run();
  try {
    return await run();
  } finally {
    onWrite(writes);
  }
}

/** A `query(text, ...)` function whose writes move their tables once finished (PGlite outside a transaction). */
export function countingQuery<Q extends (text: string, ...rest: never[]) => Promise<unknown>>(
  query: Q,
  changes: DataChanges,
): Q {
  return ((text: string, ...rest: never[]) =>
    counted(
      () => query(text, ...rest),
      text,
      changes,
      (tables) => changes.changed(tables),
    )) as Q;
}

function countingTransaction(client: PgliteLike, changes: DataChanges): PgliteLike['transaction'] {
  return async <R>(fn: (tx: { query: PgliteLike['query'] }) => Promise<R>) => {
    let written: WrittenTables = [];
    const wrote = (tables: WrittenTables) => {
      written = unionOfWritten(written, tables);
      changes.changed(tables);
    };
    try {
      return await client.transaction((tx) =>
        // The transaction object with its `query` counted; the rest (`closed`, `rollback`...) read through.
        fn(
          Object.assign(Object.create(tx) as typeof tx, {
            query: ((text: string, ...rest: never[]) =>
              counted(() => tx.query(text, ...rest), text, changes, wrote)) as PgliteLike['query'],
          }),
        ),
      );
    } finally {
      // After the COMMIT (or the ROLLBACK, which changed nothing: needless moves).
      if (written === null || written.length > 0) changes.changed(written);
    }
  };
}
