import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHAT_LIMITS } from '../../../shared/api/chat';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../auth/guard';
import { setLive } from './live';
import { registerChatRealtime } from './realtime';
import * as service from './service';

/** A Pact's chat over HTTP, the /live state, and the /ws real-time link (routes.chat). */
export async function chatRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Per user (session), shared by instances through Redis when configured.
  const perUser = async (request: FastifyRequest) => {
    const me = await requireUser(request);
    return `chat:${me.id}`;
  };
  const sendLimit = ctx.config.DISABLE_RATE_LIMIT
    ? false
    : {
        max: CHAT_LIMITS.sendMax,
        timeWindow: CHAT_LIMITS.sendWindowMs,
        hook: 'preHandler' as const,
        keyGenerator: perUser,
      };

  route(app, routes.chat.messages, async (request) =>
    service.listMessages(ctx, await requireUser(request), request.params.id, request.query),
  );

  route(
    app,
    routes.chat.send,
    async (request, reply) => {
      const me = await requireUser(request);
      const { created, message } = await service.sendMessage(ctx, me, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
    { config: { rateLimit: sendLimit } },
  );

  route(app, routes.chat.live, async (request) =>
    setLive(ctx, await requireUser(request), request.params.id, request.body),
  );

  await registerChatRealtime(app);
}
