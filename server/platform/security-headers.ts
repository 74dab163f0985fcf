import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers (CSP and the rest of helmet's set) on every answer. The helmet middleware is built once here:
 * @fastify/helmet rebuilds it for every request (parsing the CSP directives each time), a visible share of a small
 * answer's CPU. Same options, same headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
