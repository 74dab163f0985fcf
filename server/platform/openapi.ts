import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { methodsOf, type Route } from '../../shared/api/route';
import { allRoutes, routes } from '../../shared/api/routes';
import { route } from './http-route';

type Transform = typeof jsonSchemaTransform;

/**
 * The OpenAPI document at /api/docs, built from the route table's schemas (request and answer schemas, every error
 * status with the shared `{ error, message }` shape, and the constraints the schemas state). OpenAPI 3.1, so the
 * JSON Schema keywords the contract uses (`not`, `if`/`then`, `examples`) are valid as they are.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const byOperation = new Map<string, Route>();
  for (const def of allRoutes()) {
    for (const method of methodsOf(def)) byOperation.set(`${method} ${def.path}`, def);
  }
  const transform: Transform = (document) => {
    const out = jsonSchemaTransform(document);
    const def = byOperation.get(`${document.route.method} ${document.url}`);
    if (def?.kind === 'html' && out.schema && !out.schema.hide) {
      const response = (out.schema.response ?? {}) as Record<string, unknown>;
      response[200] = {
        description: 'An HTML page',
        content: { 'text/html': { schema: { type: 'string' } } },
      };
      out.schema.response = response;
    }
    if (def?.kind === 'download' && out.schema && !out.schema.hide) {
      const response = (out.schema.response ?? {}) as Record<string, unknown>;
      response[200] = {
        description: 'A zip file, streamed (Content-Length and Content-Disposition set)',
        content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
      };
      out.schema.response = response;
    }
    if (def?.kind === 'redirect' && out.schema) {
      const response = (out.schema.response ?? {}) as Record<string, unknown>;
      const redirect = {
        description: 'A redirect (the provider, the next step, or the sign-in screen on failure)',
        headers: { location: { schema: { type: 'string' } } },
      };
      response[302] = redirect;
      if (def.method === 'POST') response[303] = redirect;
      out.schema.response = response;
    }
    return out;
  };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SweatPact API',
        version: '1.0.0',
        description:
          'Every error answer is `{ error, message }` (and `field` on invalid input). Ids are bounded to what ' +
          'their columns hold; cursors are opaque (send back nextCursor unchanged); texts are normalised (NFC), ' +
          'trimmed, refuse control characters, and count as blank when nothing in them is visible.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sweatpact.session_token' },
        },
      },
    },
    transform,
  });
  route(app, routes.platform.docs, async () => app.swagger());
}
