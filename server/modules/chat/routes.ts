import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHAT_LIMITS,
  chatMessage,
  listMessagesQuery,
  liveBody,
  liveResponse,
  messagePage,
  sendMessageBody,
} from '../../../shared/api/chat';
import { challengeIdParams } from '../../../shared/api/pacts';
import { requireUser } from '../auth/guard';
import { setLive } from './live';
import { registerChatRealtime } from './realtime';
import * as service from './service';

/** A Pact's chat over HTTP, the /live state, and the /ws real-time link. */
export async function chatRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const tags = ['chat'];
  const params = challengeIdParams;
  // Per user (session), shared by instances through Redis when configured.
  const perUser = async (request: import('fastify').FastifyRequest) => {
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

  app.get(
    '/api/challenges/:id/messages',
    { schema: { params, querystring: listMessagesQuery, response: { 200: messagePage }, tags } },
    async (request) =>
      service.listMessages(ctx, await requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/challenges/:id/chat',
    {
      schema: { params, body: sendMessageBody, response: { 200: chatMessage, 201: chatMessage }, tags },
      config: { rateLimit: sendLimit },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const { created, message } = await service.sendMessage(ctx, me, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/challenges/:id/live',
    { schema: { params, body: liveBody, response: { 200: liveResponse }, tags } },
    async (request) => setLive(ctx, await requireUser(request), request.params.id, request.body),
  );

  await registerChatRealtime(root);
}
