import type { FastifyInstance } from 'fastify';
import { DM_LIMITS } from '../../../shared/api/messages';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { perPersonLimit, requireUser } from '../session/guard';
import * as service from './service';

/** Direct messages over HTTP (routes.messages); their frames travel on the /ws link's user channels. */
export async function messagesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // The chat's numbers, a bucket of its own.
  const sendLimit = perPersonLimit(ctx.config, 'dm', {
    max: DM_LIMITS.sendMax,
    windowMs: DM_LIMITS.sendWindowMs,
  });

  route(app, routes.messages.conversations, async (request) =>
    service.listConversations(ctx, await requireUser(request), request.query),
  );

  route(app, routes.messages.page, async (request) =>
    service.pageConversation(ctx, await requireUser(request), request.params.userId, request.query),
  );

  route(
    app,
    routes.messages.send,
    async (request, reply) => {
      const me = await requireUser(request);
      const { created, message } = await service.sendDirectMessage(
        ctx,
        me,
        request.params.userId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(message);
    },
    { config: { rateLimit: sendLimit } },
  );

  route(app, routes.messages.read, async (request) =>
    service.markConversationRead(ctx, await requireUser(request), request.params.userId, request.body),
  );
}
