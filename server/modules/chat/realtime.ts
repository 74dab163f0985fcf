import type { FastifyInstance } from 'fastify';
import { isTrustedOrigin } from '../../platform/origin-check';
import { realtimeGateway } from '../../platform/realtime/gateway';
import { optionalUser } from '../session/guard';
import { liveSessions } from '../session/sessions';
import { chatRoomSource } from './room-source';

/**
 * Mounts /ws: the gateway authenticates with the session cookie and asks the chat's room source what a room holds
 * and who may hold it. What reaches the rooms comes from chat/listeners.ts.
 */
export async function registerChatRealtime(app: FastifyInstance) {
  const { ctx } = app;
  const trusted = new Set(ctx.config.trustedOrigins);
  await app.register(realtimeGateway, {
    bus: ctx.realtime,
    source: chatRoomSource(ctx),
    isTrustedOrigin: (request) => isTrustedOrigin(request.headers, trusted),
    liveSessions: (ids) => liveSessions(ctx, ids),
    async authenticate(request) {
      const user = await optionalUser(request);
      return user ? { userId: user.id, sessionId: user.sessionId } : null;
    },
  });
}
