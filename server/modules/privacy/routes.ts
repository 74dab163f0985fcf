import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletionRequestBody, deletionRequestResponse } from '../../../shared/api/privacy';
import { optionalUser } from '../auth/guard';
import * as service from './service';

/** Delete My Data: stores the request; the erasure itself runs later (DECISIONS 9). */
export async function privacyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/data-deletion-request',
    {
      schema: { body: deletionRequestBody, response: { 200: deletionRequestResponse }, tags: ['privacy'] },
      // Counted after validation, per address and contact email: a flood of requests for one inbox stops.
      config: root.ctx.config.DISABLE_RATE_LIMIT
        ? {}
        : {
            rateLimit: {
              max: 5,
              timeWindow: 60 * 60_000,
              hook: 'preHandler',
              keyGenerator: (r) => `${r.ip}:${(r.body as { contactEmail?: string }).contactEmail}`,
            },
          },
    },
    async (request) => {
      const me = await optionalUser(request);
      return service.requestDeletion(root.ctx, me, request.body);
    },
  );
  app.get(
    '/api/data-deletion-request/confirm',
    { schema: { querystring: z.object({ token: z.string().min(20).max(100) }), tags: ['privacy'] } },
    async (request, reply) => {
      const ok = await service.confirmDeletion(root.ctx, request.query.token);
      return reply
        .type('text/html')
        .send(
          ok
            ? '<h1>Request confirmed</h1><p>Your SweatPact data deletion request is scheduled. You can still cancel it within 48 hours by contacting support.</p>'
            : '<h1>Link not valid</h1><p>This confirmation link is unknown or was already used.</p>',
        );
    },
  );
}
