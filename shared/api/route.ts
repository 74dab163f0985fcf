import type { $ZodType } from 'zod/v4/core';
import { type Domain, type HttpMethod, type Paths, paths, type RoutePath } from './paths';

/**
 * One route of the table: where it lives (from paths.ts) and what it takes and answers. The server registers its
 * schemas from here (server/platform/http-route.ts), the OpenAPI document is built from them, and the client's
 * `api` object takes its types (and, lazily, its answer schemas) from the same entry.
 */

/** Who may call: a signed-in user (401 otherwise), anyone with or without a session, or anyone. */
export type RouteAuth = 'user' | 'optional' | 'none';

/** The statuses of `{ error, message }` answers a route may give. */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 422, 429, 500] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export type AnswerStatus = 200 | 201 | 204;

export interface RouteSchemas {
  /** One line for the OpenAPI document. */
  summary: string;
  /** The rules a caller needs beyond the schemas (what is refused and why). */
  description?: string;
  auth: RouteAuth;
  params?: $ZodType;
  query?: $ZodType;
  body?: $ZodType;
  /** JSON answers by status (json routes); others describe their answer in `description`. */
  answers?: Partial<Record<AnswerStatus, $ZodType>>;
  /**
   * The errors this route's own rules give, with what each means here. The ones every route of its shape can
   * give (400 on invalid input, 401 without a session, 403 from a foreign origin, 413 and 415 on bodies) are
   * added by `documentedErrors`.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** Left out of the OpenAPI document (its protocol is not JSON: tus, media bytes, the socket, the docs). */
  hidden?: boolean;
}

export type Route<P extends RoutePath = RoutePath, S extends RouteSchemas = RouteSchemas> = P &
  S & { readonly domain: Domain; readonly name: string };

type DomainRoutes<D extends Domain, S extends { [K in keyof Paths[D]]: RouteSchemas }> = {
  readonly [K in keyof Paths[D]]: Route<Paths[D][K] & RoutePath, S[K]> & { readonly name: K & string };
};

/**
 * Joins a domain's paths with their schemas. The schemas object must name exactly the domain's routes, so a
 * route without schemas (or schemas without a route) does not compile.
 */
export function defineRoutes<
  const D extends Domain,
  const S extends { [K in keyof Paths[D]]: RouteSchemas } & Record<Exclude<keyof S, keyof Paths[D]>, never>,
>(domain: D, schemas: S): DomainRoutes<D, S> {
  const table: Record<string, unknown> = {};
  const domainPaths = paths[domain] as Record<string, RoutePath>;
  for (const [name, where] of Object.entries(domainPaths)) {
    table[name] = { ...where, ...(schemas as Record<string, RouteSchemas>)[name], domain, name };
  }
  return table as DomainRoutes<D, S>;
}

const CHANGES: readonly HttpMethod[] = ['POST', 'PATCH', 'DELETE'];

export const methodsOf = (route: RoutePath): readonly HttpMethod[] =>
  typeof route.method === 'string' ? [route.method] : route.method;

/** Every error status a route can answer, with what it means there. */
export function documentedErrors(route: RoutePath & RouteSchemas): Partial<Record<ErrorStatus, string>> {
  const errors: Partial<Record<ErrorStatus, string>> = {};
  if (route.params || route.query || route.body) {
    errors[400] = 'Invalid input: `message` names the field and the rule it broke (`field` names the field).';
  }
  if (route.auth === 'user') errors[401] = 'Not signed in, or the session ended.';
  if (route.kind !== 'ws' && methodsOf(route).some((m) => CHANGES.includes(m))) {
    errors[403] = 'A state-changing request from a foreign origin.';
  }
  if (route.body) {
    errors[413] = 'The body is larger than 1 MB.';
    errors[415] = 'The body is not JSON (send `Content-Type: application/json`).';
  }
  for (const [status, meaning] of Object.entries(route.errors ?? {})) {
    const code = Number(status) as ErrorStatus;
    errors[code] = errors[code] ? `${errors[code]} ${meaning}` : meaning;
  }
  errors[500] = 'Something failed on the server; the message says nothing more.';
  return errors;
}
