import { getTableName, type Table } from 'drizzle-orm';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
} from 'fastify';
import type { $ZodType, input, output } from 'zod/v4/core';
import { apiError } from '../../shared/api/common';
import { documentedErrors, type ErrorStatus, methodsOf, type Route } from '../../shared/api/route';
import type { TableWatch } from '../db/changes';
import { AnswerCache, answerCacheFor, type KeptAnswer } from './answer-cache';
import { answerEncoding, COMPRESS_THRESHOLD } from './compression';
import { applyHeaderSteps, JSON_ANSWER_HEADER_STEPS } from './security-headers';

/**
 * Registers a route of the shared route table (shared/api/routes.ts): its method, path, schemas, answers and
 * documented errors come from the table, so what the server validates, what it answers and what /api/docs says
 * are one thing. Handlers stay thin: parse (done here by the schemas), call one service, present.
 */

type Out<S> = S extends $ZodType ? output<S> : undefined;

/** The request as the route's schemas parsed it. */
export type RouteRequest<R extends Route> = FastifyRequest<{
  Params: Out<R['params']>;
  Querystring: Out<R['query']>;
  Body: Out<R['body']>;
}>;

type Answer<R extends Route> =
  R['answers'] extends Record<number, infer S> ? (S extends $ZodType ? input<S> : never) : never;

export type RouteHandler<R extends Route> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<R['kind'] extends 'json' ? Answer<R> | FastifyReply : unknown>;

export interface RouteOptions {
  /** Route config (e.g. `rateLimit`). */
  config?: FastifyContextConfig;
  /** Also answer HEAD for a GET route (Fastify's default: true). */
  exposeHeadRoute?: boolean;
  /**
   * Answers input that fails the schemas instead of the usual 400 (a page a person navigated to, where a JSON
   * error would be a dead end). The handler does not run then.
   */
  onInvalidInput?: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /**
   * Serves a GET's answer again from the per-person answer cache (answer-cache.ts) while the tables it reads did
   * not change. Only for routes whose answer depends on nothing but those tables, the caller and the clock, and
   * whose handler answers a value (not the reply).
   */
  cachePerPerson?: CachePerPerson;
}

export interface CachePerPerson {
  owner: AnswerOwner;
  /**
   * Every table the handler reads (the owner's session aside): a write to any other leaves its kept answers
   * standing. cached-reads.test.ts checks the list against the statements the route sends.
   */
  reads: readonly Table[];
}

/** Who a cached answer belongs to: the signed-in caller, by their user id. */
export interface AnswerOwner {
  /** Their id when it is known without reading anything (their session was checked moments ago), else null. */
  known(request: FastifyRequest): string | null;
  /** Their id, checking their session (a 401 when no one is signed in). */
  resolve(request: FastifyRequest): Promise<string>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function route<R extends Route>(
  app: FastifyInstance,
  def: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
): void {
  const onInvalid = options.onInvalidInput;
  const cached = options.cachePerPerson;
  const run = cached
    ? answerAndKeep(handler as unknown as RouteHandlerMethod, cached.owner, keptFor(app, def, cached))
    : (handler as unknown as RouteHandlerMethod);
  app.route({
    method: [...methodsOf(def)],
    url: def.path,
    schema: routeSchema(def),
    ...(options.config ? { config: options.config } : {}),
    ...(options.exposeHeadRoute !== undefined ? { exposeHeadRoute: options.exposeHeadRoute } : {}),
    ...(onInvalid ? { attachValidation: true } : {}),
    ...(cached ? { onRequest: serveKept(cached.owner) } : {}),
    handler: onInvalid
      ? function (this: FastifyInstance, request, reply) {
          if (request.validationError) return onInvalid(request, reply);
          return run.call(this, request, reply);
        }
      : run,
  });
}

/**
 * Answers a GET from the cache when its caller is known and their answer is kept: first among the route's steps
 * (after the app's own onRequest hooks: the origin check), with no promise and no input parsing, as
 * the URL it is kept under was valid when it was answered. Anything else goes on to the handler.
 */
function serveKept(owner: AnswerOwner) {
  return function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const who = request.method === 'GET' ? owner.known(request) : null;
    if (!who) return done();
    const cache = answerCacheFor(this.ctx);
    const key = AnswerCache.keyOf(who, request.url);
    const kept = cache.get(key);
    if (!kept) return done();
    sendKept(cache, key, kept, request, reply);
  };
}

/** The watch of the tables a cached route reads; the cache lists the route with them (cached-reads.test.ts). */
function keptFor(app: FastifyInstance, def: Route, { reads }: CachePerPerson): TableWatch {
  const tables = reads.map((table) => getTableName(table));
  const cache = answerCacheFor(app.ctx);
  cache.routes.set(def.path, tables);
  return cache.watch(tables);
}

/** The handler, with its 200 answers to a GET kept in the answer cache. */
function answerAndKeep(run: RouteHandlerMethod, owner: AnswerOwner, watch: TableWatch): RouteHandlerMethod {
  return async function (this: FastifyInstance, request, reply) {
    if (request.method !== 'GET') return run.call(this, request, reply);
    const cache = answerCacheFor(this.ctx);
    // Before anything is read, the session included.
    const version = watch.version;
    const key = AnswerCache.keyOf(await owner.resolve(request), request.url);
    const answer = await run.call(this, request, reply);
    if (answer === reply || reply.sent) return answer;
    // The route's own serializer (its answer schema), as Fastify would run it.
    const body = Buffer.from(reply.serialize(answer) as string);
    const kept = reply.statusCode === 200 ? cache.set(key, watch, version, body) : null;
    if (kept) return sendKept(cache, key, kept, request, reply);
    return reply.type(JSON_TYPE).send(body);
  };
}

/**
 * A kept answer, compressed as the client accepts (once per encoding, then kept beside it), written straight to the
 * response: what Fastify's send would do to it (its onSend steps: the security headers, @fastify/compress) is done
 * here, with the same headers, so a hit costs no more than the bytes. The request is logged as any other (Fastify
 * logs a hijacked reply when it finishes).
 */
function sendKept(
  cache: AnswerCache,
  key: string,
  kept: KeptAnswer,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const encoding = kept.body.length >= COMPRESS_THRESHOLD ? answerEncoding(request.headers) : null;
  const bytes = encoding ? cache.encoded(key, kept, encoding) : kept.body;
  reply.hijack();
  const res = reply.raw;
  applyHeaderSteps(res, JSON_ANSWER_HEADER_STEPS);
  res.writeHead(
    200,
    encoding
      ? {
          'content-type': JSON_TYPE,
          'content-length': bytes.length,
          vary: 'accept-encoding',
          'content-encoding': encoding,
        }
      : { 'content-type': JSON_TYPE, 'content-length': bytes.length },
  );
  res.end(bytes);
  return reply;
}

/** The Fastify schema of a table entry: validation, serialization, and the OpenAPI operation. */
export function routeSchema(def: Route): FastifySchema {
  if (def.hidden) return { hide: true, ...inputs(def) } as FastifySchema;
  const response: Partial<Record<number, $ZodType>> = { ...def.answers };
  for (const [status, meaning] of Object.entries(documentedErrors(def))) {
    response[Number(status) as ErrorStatus] = apiError.describe(meaning);
  }
  return {
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    tags: [def.domain],
    ...(def.auth === 'user' ? { security: [{ session: [] }] } : {}),
    ...inputs(def),
    response,
  } as FastifySchema;
}

function inputs(def: Route) {
  return {
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.body ? { body: def.body } : {}),
  };
}
