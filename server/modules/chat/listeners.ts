import type { AppContext } from '../../context';
import '../session/events';
import {
  CONTROL_CHANNEL,
  type ControlEvent,
  type RoomEvent,
  roomChannel,
} from '../../platform/realtime/events';
import { userSummaryOf } from '../users/service';

/**
 * The chat's side effects, in one place: domain events become notifications on the real-time bus, so every
 * instance's gateway updates the sockets concerned (the event happened on one instance; the sockets may be on
 * any). Registered before the other modules' listeners (modules/index.ts), so a room hears of a message before
 * anyone answers it.
 */
export function registerChatListeners(ctx: AppContext) {
  // A failed publish is logged by the event bus; what it was about is stored, and sockets catch up at the next
  // message or when they resume.
  const toRoom = (pactId: number, event: RoomEvent) => ctx.realtime.publish(roomChannel(pactId), event);
  const toControl = (event: ControlEvent) => ctx.realtime.publish(CONTROL_CHANNEL, event);
  const { events } = ctx;

  events.on('chat.message_created', (e) =>
    toRoom(e.pactId, { kind: 'message', id: e.messageId, ...(e.posted ? { posted: e.posted } : {}) }),
  );
  events.on('chat.live_changed', (e) => toRoom(e.pactId, { kind: 'live', userId: e.userId, state: e.state }));
  events.on('proof.status_changed', async (e) => {
    // A proof born decided reaches the room with its message.
    if (e.atCreation) return;
    await toRoom(e.pactId, {
      kind: 'proof_status',
      proofId: e.proofId,
      messageId: e.messageId,
      authorId: e.userId,
      status: e.to,
      decidedBy: e.decidedById ? await userSummaryOf(ctx, e.decidedById) : null,
    });
  });
  events.on('pact.member_left', (e) => toRoom(e.pactId, { kind: 'drop', userId: e.userId, reason: 'left' }));
  events.on('pact.deleted', (e) => toRoom(e.pactId, { kind: 'drop', reason: 'deleted' }));
  events.on('pact.updated', (e) => toRoom(e.pactId, { kind: 'recheck' }));
  events.on('session.revoked', (e) => toControl({ kind: 'session_revoked', ...e }));
  events.on('access.changed', (e) => toControl({ kind: 'recheck_user', userId: e.userId }));
  // A lost team subscription closes the team's rooms on the member's sockets at once, on every instance.
  events.on('team.access_lost', async (e) => {
    await Promise.all(
      e.pactIds.map((id) => toRoom(id, { kind: 'drop', userId: e.userId, reason: 'access_lost' })),
    );
  });
}
