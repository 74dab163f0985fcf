import { type Domain, fillPath, type Paths, paths, type RoutePath } from '@shared/api/paths';
import type { Routes } from '@shared/api/routes';
import type { $ZodType, input, output } from 'zod/v4/core';
import { ApiError, throwIfNotOk } from './errors';
import { answerSchemas } from './schemas';

/**
 * The typed client: one `api` object generated from the shared route table, `api.<domain>.<route>(input)`.
 * Every call carries the session cookie, sends JSON only with a body, turns a non-ok answer into an ApiError, and
 * validates the answer with the route's answer schema before anyone reads it. Types come from the table; the
 * schemas are loaded per domain on first use (./schemas.ts), so the sign-in screen's download holds no zod.
 */

type In<S> = S extends $ZodType ? input<S> : never;
type Out<S> = S extends $ZodType ? output<S> : never;

type ParamsPart<R> = R extends { params: $ZodType } ? { params: In<R['params']> } : unknown;
type QueryPart<R> = R extends { query: $ZodType }
  ? Record<string, never> extends In<R['query']>
    ? { query?: In<R['query']> }
    : { query: In<R['query']> }
  : unknown;
type BodyPart<R> = R extends { body: $ZodType } ? { body: In<R['body']> } : unknown;

/** What a call takes: its path parameters, query and body as the route's schemas accept them. */
export type CallInput<R> = ParamsPart<R> &
  QueryPart<R> &
  BodyPart<R> & {
    signal?: AbortSignal;
    /** Let the request outlive the page (a 'stopped' sent while leaving). */
    keepalive?: boolean;
  };

/** What a call answers: the output of its answer schema (any of its 2xx statuses). */
export type Answer<R> = R extends { answers: infer A } ? Out<A[keyof A]> : never;

type Call<R> =
  Record<string, never> extends Omit<CallInput<R>, 'signal' | 'keepalive'>
    ? (input?: CallInput<R>) => Promise<Answer<R>>
    : (input: CallInput<R>) => Promise<Answer<R>>;

type JsonNames<D extends Domain> = {
  [K in keyof Paths[D]]: Paths[D][K] extends { kind: 'json' } ? K : never;
}[keyof Paths[D]];

export type Api = { [D in Domain]: { [K in JsonNames<D>]: Call<Routes[D][K]> } };

interface RawInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
}

/** The URL of a call: the path with its parameters, and the query's defined values. */
export function urlOf(
  where: Pick<RoutePath, 'path'>,
  input: Pick<RawInput, 'params' | 'query'> = {},
): string {
  const path = fillPath(where.path, input.params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * How a call reaches the server: the browser's fetch. The server's first paint of a screen (app/first-paint.tsx)
 * swaps in one that answers from the server's own routes, as the signed-in person who asked for the page.
 */
export const transport: { fetch: (url: string, init: RequestInit) => Promise<Response> } = {
  fetch: (url, init) => fetch(url, init),
};

async function call(domain: Domain, name: string, where: RoutePath, input: RawInput = {}): Promise<unknown> {
  const res = await transport.fetch(urlOf(where, input), {
    method: typeof where.method === 'string' ? where.method : where.method[0],
    headers: input.body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    credentials: 'include',
    signal: input.signal,
    keepalive: input.keepalive,
  });
  await throwIfNotOk(res);
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  const { answers, safeParse } = await answerSchemas(domain, name);
  const schema = answers[res.status as 200] ?? Object.values(answers)[0];
  if (!schema) return data;
  const parsed = safeParse(schema, data);
  if (parsed.success) return parsed.data;
  console.error(`${domain}.${name}: the answer does not match the contract`, parsed.error.issues);
  throw new ApiError(res.status, text, res.statusText, data);
}

function buildApi(): Api {
  const api: Record<string, Record<string, (input?: RawInput) => Promise<unknown>>> = {};
  for (const [domain, routes] of Object.entries(paths) as [Domain, Record<string, RoutePath>][]) {
    api[domain] = {};
    for (const [name, where] of Object.entries(routes)) {
      if (where.kind === 'json') api[domain][name] = (input) => call(domain, name, where, input);
    }
  }
  return api as unknown as Api;
}

export const api: Api = buildApi();
