import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { normalizeMailbox } from '../../platform/email';
import { route } from '../../platform/http-route';
import { optionalUser, requireUser } from '../session/guard';
import { exportUserData } from './export';
import { DELETION_REQUEST_LIMITS } from './limits';
import * as service from './service';

/** Exports a user may start in an hour (one at a time in any case). */
export const EXPORTS_PER_HOUR = 5;

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
    const confirmed = await service.confirmDeletion(app.ctx, request.query.token);
    return reply
      .code(confirmed ? 200 : 410)
      .type('text/html')
      .send(
        confirmed
          ? linkPage(
              'Request confirmed',
              `Your SweatPact data deletion is scheduled for ${confirmed.runAfter.toUTCString()}. We emailed you a link that cancels it until then.`,
            )
          : linkPage('Link not valid', 'This confirmation link is unknown or was already used.'),
      );
  });
  route(app, routes.privacy.cancelDeletionByLink, async (request, reply) => {
    const cancelled = await service.cancelDeletionByLink(app.ctx, request.query.token);
    return reply
      .code(cancelled ? 200 : 410)
      .type('text/html')
      .send(
        cancelled
          ? linkPage(
              'Deletion cancelled',
              'Your SweatPact data deletion request is cancelled. Nothing will be deleted.',
            )
          : linkPage(
              'Link not valid',
              'This cancel link is unknown or was already used, or the deletion has already run.',
            ),
      );
  });
  route(
    app,
    routes.privacy.exportData,
    async (request, reply) => {
      const me = await requireUser(request);
      const archive = await exportUserData(app.ctx, me.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(archive.size))
        .header('content-disposition', `attachment; filename="${archive.filename}"`)
        .header('cache-control', 'no-store')
        .send(archive.stream);
    },
    {
      config: app.ctx.config.DISABLE_RATE_LIMIT
        ? {}
        : {
            rateLimit: {
              max: EXPORTS_PER_HOUR,
              timeWindow: 60 * 60_000,
              hook: 'preHandler',
              keyGenerator: async (request) => `export:${(await requireUser(request)).id}`,
            },
          },
    },
  );
  route(app, routes.privacy.myDeletion, async (request) =>
    service.myPendingDeletions(app.ctx, await requireUser(request)),
  );
  route(app, routes.privacy.cancelDeletion, async (request) =>
    service.cancelMyDeletion(app.ctx, await requireUser(request), request.params.id),
  );
}

/** The small page a mailed link answers (no script, nothing but text; the CSP forbids the rest anyway). */
function linkPage(title: string, text: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} - SweatPact</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1><p>${text}</p><p><a href="/">Open SweatPact</a></p></body></html>`;
}
