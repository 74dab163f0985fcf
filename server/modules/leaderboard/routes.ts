import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leaderboardQuery, leaderboardResponse } from '../../../shared/api/leaderboard';
import { requireUser } from '../auth/guard';
import * as service from './service';

/** GET /api/leaderboard?scope=global|friends&metric=streak|points|workouts */
export async function leaderboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/leaderboard',
    {
      schema: {
        querystring: leaderboardQuery,
        response: { 200: leaderboardResponse },
        tags: ['leaderboard'],
      },
    },
    async (request) => service.getLeaderboard(root.ctx, await requireUser(request), request.query),
  );
}
