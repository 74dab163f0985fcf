import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import * as service from './service';

/** GET /api/leaderboard?scope=global|friends&metric=streak|points|workouts (routes.leaderboard). */
export async function leaderboardRoutes(app: FastifyInstance) {
  route(app, routes.leaderboard.get, async (request) =>
    service.getLeaderboard(app.ctx, await requireUser(request), request.query),
  );
}
