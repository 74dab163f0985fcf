import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import * as people from './people-service';
import * as moderation from './service';

/** Blocking and reporting people and Pacts, and the admins' moderation queue (routes.safety, routes.pacts.report). */
export async function moderationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = routes.safety;

  route(app, r.block, async (request) =>
    people.blockUser(ctx, (await requireUser(request)).id, request.params.id),
  );
  route(app, r.unblock, async (request) =>
    people.unblockUser(ctx, (await requireUser(request)).id, request.params.id),
  );
  route(app, r.reportUser, async (request) =>
    people.reportUser(ctx, (await requireUser(request)).id, request.params.id, request.body.reason),
  );
  route(app, routes.pacts.report, async (request) =>
    people.reportPact(ctx, await requireUser(request), request.params.id, request.body.reason),
  );
  route(app, r.moderationQueue, async (request) =>
    moderation.listQueue(ctx, await requireUser(request), request.query.cursor),
  );
  route(app, r.resolveReport, async (request) =>
    moderation.resolveReport(ctx, await requireUser(request), request.params.id, request.body.action),
  );
}
