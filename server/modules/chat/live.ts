import type { ChatMessage, LiveBody } from '../../../shared/api/chat';
import type { AppContext } from '../../context';
import { forbidden } from '../../platform/errors';
import type { SessionUser } from '../session/guard';
import './events';
import { mayGoLive } from './policy';
import { toChatMessage } from './present';
import * as repo from './repo';
import { chatAccess, presentMessage, readerOf, storeMessage } from './service';

/** A live session counts as one for this long: a recorder restarted within it posts no second message. */
export const LIVE_SESSION_MS = 15 * 60_000;
export const LIVE_ONLY_ACTIVE_MESSAGE = 'Only active participants can work out live in this Pact';

export const liveText = (firstName: string | null, username: string) =>
  `${firstName || username} is working out live 🔴`;

/**
 * The /live recorder (docs/CHAT.md): 'started' posts "{firstName} is working out live 🔴" once per live session
 * and tells the room; 'stopped' only tells the room. The once-per-session key is the clientKey column, so two
 * instances racing store one message.
 */
export async function setLive(
  ctx: AppContext,
  me: SessionUser,
  pactId: number,
  body: LiveBody,
  now = new Date(),
) {
  const access = await chatAccess(ctx, me, pactId);
  if (!mayGoLive(access.myStatus)) throw forbidden(LIVE_ONLY_ACTIVE_MESSAGE);
  let message: ChatMessage | null = null;
  if (body.state === 'started') {
    const recent = await repo.countKeyedSince(
      ctx.db,
      me.id,
      pactId,
      'live:',
      new Date(now.getTime() - LIVE_SESSION_MS),
    );
    if (recent === 0) {
      const stored = await storeMessage(ctx, {
        pactId,
        userId: me.id,
        type: 'live',
        body: liveText(me.firstName, me.username),
        clientKey: `live:${pactId}:${Math.floor(now.getTime() / LIVE_SESSION_MS)}`,
      });
      if (stored.created)
        message = stored.row
          ? toChatMessage(stored.row, readerOf(access, me.id))
          : await presentMessage(ctx, me, stored.id, access);
    }
  }
  // The live badge is ephemeral: a failed delivery is logged by the bus, never fails the request.
  await ctx.events.emit('chat.live_changed', { pactId, userId: me.id, state: body.state });
  return { ok: true as const, message };
}
