import { WS_PATH } from '@shared/api/chat';
import { useSyncExternalStore } from 'react';
import { createRooms } from './rooms';
import { createTransport, type FrameHandler, type LinkOptions, type LinkStatus } from './transport';

export type { FrameHandler, LinkOptions, LinkStatus } from './transport';
export { PING_INTERVAL_MS, PONG_TIMEOUT_MS, parseServerFrame } from './transport';

/**
 * The real-time link: ONE socket (./transport.ts), open while the user is signed in (`hold`) or some screen
 * listens to a Pact's room (./rooms.ts). Frames of no room (a notification) go to `onUserFrame` listeners: the
 * server sends them to every socket of the user without a subscribe. What those frames change in the query cache
 * is ./cache-updates.ts.
 */

/** A socket with no rooms left stays open this long, so moving from chat to /live and back keeps it. */
export const IDLE_CLOSE_MS = 5_000;

export function createRealtimeLink(opts: LinkOptions) {
  const userHandlers = new Set<FrameHandler>();
  /** How many holders keep the link open with no room (the signed-in app). */
  let holds = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const wanted = () => rooms.size > 0 || holds > 0;
  const transport = createTransport(opts, {
    wanted,
    onOpen: () => rooms.subscribeAll(),
    onFrame: (frame) => {
      if (rooms.deliver(frame)) return;
      for (const handler of [...userHandlers]) handler(frame);
    },
  });
  const rooms = createRooms(transport.send);

  return {
    getStatus: transport.getStatus,
    onStatus: transport.onStatus,
    /** Called when the server closed the link because the session ended (sign-out elsewhere). */
    onSessionEnded: transport.onSessionEnded,
    /**
     * Keeps the link open while signed in (rooms or not); answers the release, which closes it at once when nothing
     * else needs it (sign-out). A hold after the session ended starts afresh: it is a new sign-in.
     */
    hold() {
      holds += 1;
      clearTimeout(idleTimer);
      transport.restartIfEnded();
      transport.ensureOpen();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (!wanted()) transport.close();
      };
    },
    /** Listens to frames addressed to the user rather than a room (`notification`). */
    onUserFrame(handler: FrameHandler) {
      userHandlers.add(handler);
      return () => {
        userHandlers.delete(handler);
      };
    },
    /** Listens to a Pact's room; `lastId` is the highest message id the caller already has. */
    subscribe(challengeId: number, lastId: number | undefined, handler: FrameHandler) {
      clearTimeout(idleTimer);
      const remove = rooms.add(challengeId, lastId, handler);
      transport.ensureOpen();
      return () => {
        if (!remove() || wanted()) return;
        idleTimer = setTimeout(() => {
          if (!wanted()) transport.close();
        }, IDLE_CLOSE_MS);
      };
    },
    resubscribe: rooms.resubscribe,
    noteLastId: rooms.noteLastId,
    lastIdOf: rooms.lastIdOf,
    reconnectNow: transport.reconnectNow,
    wentOffline: transport.wentOffline,
  };
}

export type RealtimeLink = ReturnType<typeof createRealtimeLink>;

let shared: RealtimeLink | null = null;

/** The app's one link, created on first use and following the browser's online state and tab visibility. */
export function realtimeLink(): RealtimeLink {
  if (shared) return shared;
  const link = createRealtimeLink({
    url: () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`,
    createSocket: (url) => new WebSocket(url),
  });
  window.addEventListener('offline', link.wentOffline);
  window.addEventListener('online', link.reconnectNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') link.reconnectNow();
  });
  shared = link;
  return link;
}

/** The connected/disconnected flag as a hook. */
export function useLinkStatus(): LinkStatus {
  const link = realtimeLink();
  return useSyncExternalStore(link.onStatus, link.getStatus, () => 'disconnected' as const);
}
