import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { friend, friendResponse, userIdParams } from '../../../shared/api/users';
import { requireUser } from '../auth/guard';
import * as service from './service';

/** GET /api/user/friends, POST and DELETE /api/users/:id/friend. */
export async function friendsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['friends'];
  app.get('/api/user/friends', { schema: { response: { 200: z.array(friend) }, tags } }, async (request) => {
    const me = await requireUser(request);
    return service.listFriends(root.ctx, me.id);
  });
  app.post(
    '/api/users/:id/friend',
    { schema: { params: userIdParams, response: { 200: friendResponse }, tags } },
    async (request) => {
      const me = await requireUser(request);
      return service.addFriend(root.ctx, me.id, request.params.id);
    },
  );
  app.delete(
    '/api/users/:id/friend',
    { schema: { params: userIdParams, response: { 200: friendResponse }, tags } },
    async (request) => {
      const me = await requireUser(request);
      return service.removeFriend(root.ctx, me.id, request.params.id);
    },
  );
}
