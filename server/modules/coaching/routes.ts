import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../auth/guard';
import { teamAnalytics } from './service';

/** Coach tools of a Pro team (routes.coaching). */
export async function coachingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  route(app, routes.coaching.analytics, async (request) =>
    teamAnalytics(ctx, await requireUser(request), request.params.id, request.query),
  );
}
