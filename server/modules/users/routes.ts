import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userIdParams, userProfile } from '../../../shared/api/users';
import { requireUser } from '../auth/guard';
import * as service from './service';

/** GET /api/users/:id. (PATCH /api/user/profile lives in profile-routes.ts.) */
export async function usersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/users/:id',
    { schema: { params: userIdParams, response: { 200: userProfile }, tags: ['users'] } },
    async (request) => {
      const me = await requireUser(request);
      return service.getUserProfile(root.ctx, me, request.params.id);
    },
  );
}
