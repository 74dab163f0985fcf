import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import * as moderation from './moderation-service';
import * as service from './service';

/** Block, unblock, the caller's blocks, reporting users, and the admin moderation queue: routes.safety. */
export async function safetyRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = routes.safety;

  route(app, r.block, async (request) =>
    service.blockUser(ctx, (await requireUser(request)).id, request.params.id),
  );
  route(app, r.unblock, async (request) =>
    service.unblockUser(ctx, (await requireUser(request)).id, request.params.id),
  );
  route(app, r.blocks, async (request) => service.listBlocks(ctx, (await requireUser(request)).id));
  route(app, r.reportUser, async (request) =>
    service.reportUser(ctx, (await requireUser(request)).id, request.params.id, request.body.reason),
  );
  route(app, r.moderationQueue, async (request) =>
    moderation.listQueue(ctx, await requireUser(request), request.query.cursor),
  );
  route(app, r.resolveReport, async (request) =>
    moderation.resolveReport(ctx, await requireUser(request), request.params.id, request.body.action),
  );
}
