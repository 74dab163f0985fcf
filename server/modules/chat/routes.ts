import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS } from '../../../shared/api/chat';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { perPersonLimit, requireUser } from '../session/guard';
import { setLive } from './live';
import { registerChatRealtime } from './realtime';
import * as service from './service';

/** A Pact's chat over HTTP, the /live state, and the /ws real-time link (routes.chat). */
export async function chatRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const sendLimit = perPersonLimit(ctx.config, 'chat', {
    max: CHAT_LIMITS.sendMax,
    windowMs: CHAT_LIMITS.sendWindowMs,
  });
  const liveLimit = perPersonLimit(ctx.config, 'live', {
    max: CHAT_LIMITS.liveMax,
    windowMs: CHAT_LIMITS.liveWindowMs,
  });

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

  route(
    app,
    routes.chat.live,
    async (request) => setLive(ctx, await requireUser(request), request.params.id, request.body),
    { config: { rateLimit: liveLimit } },
  );

  await registerChatRealtime(app);
}
