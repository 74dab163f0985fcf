import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import { earnings, earningsCsv } from './earnings';
import { teamAnalytics } from './service';

/** Coach tools of a Pro team (routes.coaching). */
export async function coachingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  route(app, routes.coaching.analytics, async (request) =>
    teamAnalytics(ctx, await requireUser(request), request.params.id, request.query),
  );
  route(app, routes.coaching.earnings, async (request) =>
    earnings(ctx, await requireUser(request), request.query, request.log),
  );
  route(app, routes.coaching.earningsCsv, async (request, reply) => {
    const file = await earningsCsv(ctx, await requireUser(request), request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
}
