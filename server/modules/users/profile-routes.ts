import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../auth/guard';
import { currentUser } from '../auth/service';
import { updateProfile } from './profile-service';

/** PATCH /api/user/profile: the "Complete Your Profile" dialog, bio and time zone. */
export async function profileRoutes(app: FastifyInstance) {
  route(app, routes.users.updateProfile, async (request) => {
    const me = await requireUser(request);
    await updateProfile(app.ctx, me, request.body);
    return { user: await currentUser(app, me.id) };
  });
}
