import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authUserResponse, updateProfileBody } from '../../../shared/api/auth';
import { requireUser } from '../auth/guard';
import { currentUser } from '../auth/service';
import { updateProfile } from './profile-service';

/** PATCH /api/user/profile: the "Complete Your Profile" dialog, bio and time zone. */
export async function profileRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.patch(
    '/api/user/profile',
    { schema: { body: updateProfileBody, response: { 200: authUserResponse }, tags: ['users'] } },
    async (request) => {
      const me = await requireUser(request);
      await updateProfile(root.ctx, me, request.body);
      return { user: await currentUser(root, me.id) };
    },
  );
}
