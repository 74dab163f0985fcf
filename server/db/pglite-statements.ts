import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** A statement PGlite's backend keeps: parsed and described once, then only bound and executed. */
interface Statement {
  name: string;
  /** The parameters' types, as PostgreSQL inferred them (how each value is written). */
  paramTypes: number[];
  /** The result's columns (absent for a statement that returns no rows). */
  rowDescription: BackendMessage | undefined;
}

/** PostgreSQL's answer when a table under a kept statement changed its columns (a migration, say). */
const CHANGED_RESULT = 'cached plan must not change result type';

/**
 * Named statements on PGlite. Drizzle's PGlite driver drops a prepared query's name, and PGlite sends every query as an
 * unnamed statement in five protocol calls (Parse, Describe, Bind, Describe, Execute, then Sync): PostgreSQL parses
 * and plans it anew each time, which was most of a hot read's cost (bench/README.md, fan-out). Here a prepared
 * query's text is parsed and described once per database under a name of its own; each run after is one call (Bind,
 * Execute, Sync), and PostgreSQL keeps and reuses the statement's plan as it does for `pg`'s named statements.
 *
 * Runs hold PGlite's two locks, as its own `query` does: never between another caller's statements, never inside
 * someone's transaction. The texts are those of the code's `.prepare(name)` queries: a fixed, small set.
 */
export class PgliteStatements {
  readonly #statements = new Map<string, Statement>();
  /** Names are never reused, also after a statement was forgotten. */
  #named = 0;
  readonly #client: () => Promise<PGlite> | PGlite;

  constructor(client: () => Promise<PGlite> | PGlite) {
    this.#client = client;
  }

  /** Runs `text` with `params` as a named statement; the answer is what PGlite's `query` gives for them. */
  async query<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const pg = await this.#client();
    await pg._checkReady(); // as PGlite's query: waits for its start, refuses once it is closing
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          return await this.#run<T>(pg, text, params, options);
        } catch (e) {
          if (!(e instanceof Error) || e.message !== CHANGED_RESULT) throw e;
          // The tables changed under the kept statement: describe it again once.
          await this.#forget(pg, text);
          return await this.#run<T>(pg, text, params, options);
        }
      }),
    );
  }

  async #run<T>(pg: PGlite, text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(pg, text, params, options));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = statement.paramTypes[i] as number;
      const serialize = options.serializers?.[oid] ?? pg.serializers[oid];
      return serialize ? serialize(value) : String(value);
    });
    const { messages } = await this.#exec(
      pg,
      [
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute(),
        protocol.serialize.sync(),
      ],
      text,
      params,
      options,
    );
    // Execute sends rows without their description (it came once, with Describe): put it back in front of them.
    const answer = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(answer, pg.parsers, options)[0] as Results<T>;
  }

  async #prepare(pg: PGlite, text: string, params: unknown[], options: QueryOptions): Promise<Statement> {
    this.#named += 1;
    const name = `sp_${this.#named}`;
    const { messages } = await this.#exec(
      pg,
      [
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ],
      text,
      params,
      options,
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
    };
    this.#statements.set(text, statement);
    return statement;
  }

  async #forget(pg: PGlite, text: string) {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    await this.#exec(pg, [
      protocol.serialize.close({ type: 'S', name: statement.name }),
      protocol.serialize.sync(),
    ]);
  }

  /**
   * One protocol call ending in Sync: after an error PostgreSQL skips to that Sync, so the session is ready again
   * whatever happened. The error carries the query as PGlite's own errors do.
   */
  async #exec(pg: PGlite, parts: Uint8Array[], text?: string, params?: unknown[], options?: QueryOptions) {
    const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) {
      message.set(part, at);
      at += part.length;
    }
    try {
      return await pg.execProtocol(message);
    } catch (e) {
      if (text !== undefined && e instanceof Error)
        Object.assign(e, { query: text, params, queryOptions: options });
      throw e;
    }
  }
}
