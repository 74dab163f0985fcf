import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { normalizeMailbox } from '../../platform/email';
import { route } from '../../platform/http-route';
import { optionalUser } from '../auth/guard';
import { DELETION_REQUEST_LIMITS } from './limits';
import * as service from './service';

/** Delete My Data: stores the request; the erasure itself runs later (docs/RULES.md "Privacy"). */
export async function privacyRoutes(app: FastifyInstance) {
  route(
    app,
    routes.privacy.requestDeletion,
    async (request) => {
      const me = await optionalUser(request);
      return service.requestDeletion(app.ctx, me, request.body, request.ip);
    },
    {
      // Counted after validation, per address and contact mailbox (victim+1@ is victim@); the service adds a
      // limit per address across all emails and one confirmation mail per mailbox an hour.
      config: app.ctx.config.DISABLE_RATE_LIMIT
        ? {}
        : {
            rateLimit: {
              max: DELETION_REQUEST_LIMITS.perAddressAndMailbox,
              timeWindow: 60 * 60_000,
              hook: 'preHandler',
              keyGenerator: (r) =>
                `${r.ip}:${normalizeMailbox((r.body as { contactEmail?: string }).contactEmail ?? '')}`,
            },
          },
    },
  );
  route(app, routes.privacy.confirmDeletion, async (request, reply) => {
    const ok = await service.confirmDeletion(app.ctx, request.query.token);
    return reply
      .type('text/html')
      .send(
        ok
          ? '<h1>Request confirmed</h1><p>Your SweatPact data deletion request is scheduled. You can still cancel it within 48 hours by contacting support.</p>'
          : '<h1>Link not valid</h1><p>This confirmation link is unknown or was already used.</p>',
      );
  });
}
