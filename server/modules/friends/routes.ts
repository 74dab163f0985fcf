import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { FRIEND_REQUEST_LIMITS } from '../../../shared/api/users';
import { route } from '../../platform/http-route';
import { perPersonLimit, requireUser } from '../session/guard';
import * as service from './service';

const { sendMax, sendWindowMs } = FRIEND_REQUEST_LIMITS;

/** The caller's friends and friend requests: asking, answering, withdrawing, ending (routes.friends). */
export async function friendsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const sendLimit = perPersonLimit(ctx.config, 'friend-request', {
    max: sendMax,
    windowMs: sendWindowMs,
    message: `You can send ${sendMax} friend requests an hour. Please try again later.`,
  });

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
