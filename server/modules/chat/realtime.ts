import type { FastifyInstance } from 'fastify';
import { isTrustedOrigin } from '../../platform/origin-check';
import {
  CONTROL_CHANNEL,
  type ControlEvent,
  type RoomEvent,
  roomChannel,
} from '../../platform/realtime/events';
import { realtimeGateway } from '../../platform/realtime/gateway';
import { optionalUser } from '../auth/guard';
import { liveSessions } from './repo';
import { chatRoomSource } from './room-source';

declare module '../../platform/events' {
  interface DomainEvents {
    /**
     * Someone's access to Pacts may have changed in a way only a re-check can tell (a block, an ended
     * friendship, a lost team subscription): their sockets re-check each room they hold.
     */
    'access.changed': { userId: string };
    /** A Pact's settings changed (hiding takes it from non-participants): its room re-checks every socket. */
    'pact.updated': { pactId: number };
  }
}

/**
 * Mounts /ws and turns domain events into room notifications on the real-time bus, so every instance drops or
 * re-checks the sockets concerned (the event happened on one instance; the sockets may be on any).
 */
export async function registerChatRealtime(app: FastifyInstance) {
  const { ctx } = app;
  const trusted = new Set(ctx.config.trustedOrigins);
  await app.register(realtimeGateway, {
    bus: ctx.realtime,
    source: chatRoomSource(ctx),
    isTrustedOrigin: (request) => isTrustedOrigin(request.headers, trusted),
    liveSessions: (ids) => liveSessions(ctx.db, ids),
    async authenticate(request) {
      const user = await optionalUser(request);
      return user ? { userId: user.id, sessionId: user.sessionId } : null;
    },
  });

  const toRoom = (pactId: number, event: RoomEvent) => publish(roomChannel(pactId), event);
  const toControl = (event: ControlEvent) => publish(CONTROL_CHANNEL, event);
  const publish = async (channel: string, event: object) => {
    try {
      await ctx.realtime.publish(channel, event);
    } catch (err) {
      app.log.error({ err, channel }, 'realtime publish failed');
    }
  };

  const offs = [
    ctx.events.on('pact.member_left', (e) =>
      toRoom(e.pactId, { kind: 'drop', userId: e.userId, reason: 'left' }),
    ),
    ctx.events.on('pact.deleted', (e) => toRoom(e.pactId, { kind: 'drop', reason: 'deleted' })),
    ctx.events.on('pact.updated', (e) => toRoom(e.pactId, { kind: 'recheck' })),
    ctx.events.on('session.revoked', (e) => toControl({ kind: 'session_revoked', ...e })),
    ctx.events.on('access.changed', (e) => toControl({ kind: 'recheck_user', userId: e.userId })),
  ];
  app.addHook('onClose', async () => {
    for (const off of offs) off();
  });
}
