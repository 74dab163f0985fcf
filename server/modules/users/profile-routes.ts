import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import { currentUser } from '../session/sessions';
import { updateProfile } from './profile-service';
import { usernameAvailability } from './username-service';

/** PATCH /api/user/profile (Complete Your Profile, Edit profile, time zone) and the username check as typed. */
export async function profileRoutes(app: FastifyInstance) {
  route(app, routes.users.updateProfile, async (request) => {
    const me = await requireUser(request);
    await updateProfile(app.ctx, me, request.body);
    return { user: await currentUser(app, me.id) };
  });
  route(app, routes.users.usernameAvailability, async (request) => {
    const me = await requireUser(request);
    return usernameAvailability(app.ctx, me.id, request.query.username);
  });
}
