import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { FRIEND_REQUEST_LIMITS } from '../../../shared/api/users';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/http-route';
import { requireUser } from '../auth/guard';
import * as service from './service';

const { sendMax, sendWindowMs } = FRIEND_REQUEST_LIMITS;

/** The caller's friends and friend requests: asking, answering, withdrawing, ending (routes.friends). */
export async function friendsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Per user, shared by instances through Redis when configured; counted after the input is valid.
  const sendLimit = ctx.config.DISABLE_RATE_LIMIT
    ? false
    : {
        max: sendMax,
        timeWindow: sendWindowMs,
        hook: 'preHandler' as const,
        keyGenerator: async (request: FastifyRequest) => `friend-request:${(await requireUser(request)).id}`,
        errorResponseBuilder: () =>
          new AppError(
            429,
            `You can send ${sendMax} friend requests an hour. Please try again later.`,
            'rate_limited',
          ),
      };

  route(app, routes.friends.list, async (request) => {
    const me = await requireUser(request);
    return service.listFriends(ctx, me.id);
  });
  route(
    app,
    routes.friends.add,
    async (request) => service.addFriend(ctx, await requireUser(request), request.params.id),
    { config: { rateLimit: sendLimit } },
  );
  route(app, routes.friends.remove, async (request) => {
    const me = await requireUser(request);
    return service.removeFriend(ctx, me.id, request.params.id);
  });
  route(app, routes.friends.requests, async (request) => {
    const me = await requireUser(request);
    return service.listRequests(ctx, me.id);
  });
  route(app, routes.friends.accept, async (request) => {
    const me = await requireUser(request);
    return service.acceptRequest(ctx, me.id, request.params.userId);
  });
  route(app, routes.friends.decline, async (request) => {
    const me = await requireUser(request);
    return service.declineRequest(ctx, me.id, request.params.userId);
  });
}
