import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import { getUserProfile } from './profile-view';

/** GET /api/users/:id. (PATCH /api/user/profile lives in profile-routes.ts.) */
export async function usersRoutes(app: FastifyInstance) {
  route(app, routes.users.get, async (request) => {
    const me = await requireUser(request);
    return getUserProfile(app.ctx, me, request.params.id);
  });
}
