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
}

export function route<R extends Route>(
  app: FastifyInstance,
  def: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
): void {
  const onInvalid = options.onInvalidInput;
  const run = handler as unknown as RouteHandlerMethod;
  app.route({
    method: [...methodsOf(def)],
    url: def.path,
    schema: routeSchema(def),
    ...(options.config ? { config: options.config } : {}),
    ...(options.exposeHeadRoute !== undefined ? { exposeHeadRoute: options.exposeHeadRoute } : {}),
    ...(onInvalid ? { attachValidation: true } : {}),
    handler: onInvalid
      ? function (this: FastifyInstance, request, reply) {
          if (request.validationError) return onInvalid(request, reply);
          return run.call(this, request, reply);
        }
      : run,
  });
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
