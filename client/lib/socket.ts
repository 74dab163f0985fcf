import { type ServerFrame, serverFrame, WS_CLOSE, WS_PATH } from '@shared/api/chat';
import { useSyncExternalStore } from 'react';
import { backoffDelay } from './backoff';

/**
 * The real-time link (SPEC 4 "Real-time link", SPEC 7): ONE WebSocket to /ws on this host, open while the user is
 * signed in (`hold`) or some screen listens to a Pact's room. Frames of no room (a notification) go to `onUserFrame`
 * listeners; the server sends them to every socket of the user without a subscribe. It re-subscribes every room with the last message id it saw after a reconnect, so the
 * server sends exactly what was missed; reconnects back off 0.5 s doubling to 15 s with jitter; a ping every 25 s
 * notices a silently dead connection (a phone changing networks) within 10 s.
 */

export type LinkStatus = 'connecting' | 'connected' | 'disconnected' | 'ended';
export type FrameHandler = (frame: ServerFrame) => void;

export const PING_INTERVAL_MS = 25_000;
export const PONG_TIMEOUT_MS = 10_000;
/** A socket with no rooms left stays open this long, so moving from chat to /live and back keeps it. */
export const IDLE_CLOSE_MS = 5_000;

interface RoomEntry {
  lastId: number | undefined;
  handlers: Set<FrameHandler>;
}

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
};

export interface LinkOptions {
  url: () => string;
  createSocket: (url: string) => SocketLike;
  random?: () => number;
}

/** The room a server frame belongs to, or null (pong, a general error, a notification). */
export function frameRoom(frame: ServerFrame): number | null {
  switch (frame.type) {
    case 'chat_message':
      return frame.message.challengeId;
    case 'stream_proof':
      return frame.proof.challengeId;
    case 'pong':
    case 'notification':
      return null;
    default:
      return frame.challengeId ?? null;
  }
}

/** Parses and validates one incoming frame; anything else is dropped (null). */
export function parseServerFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = serverFrame.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createRealtimeLink(opts: LinkOptions) {
  const rooms = new Map<number, RoomEntry>();
  const statusListeners = new Set<() => void>();
  const endListeners = new Set<() => void>();
  const userHandlers = new Set<FrameHandler>();
  /** How many holders keep the link open with no room (the signed-in app). */
  let holds = 0;
  let status: LinkStatus = 'disconnected';
  let ws: SocketLike | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const wanted = () => rooms.size > 0 || holds > 0;

  const setStatus = (next: LinkStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of statusListeners) listener();
  };

  const send = (frame: object) => {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(frame));
  };
  const sendSubscribe = (challengeId: number, entry: RoomEntry) =>
    send({ type: 'subscribe', challengeId, ...(entry.lastId !== undefined ? { lastId: entry.lastId } : {}) });

  const stopTimers = () => {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    pingTimer = undefined;
    pongTimer = undefined;
  };

  /** Forgets the current socket at once (a dead network never completes a close handshake). */
  const drop = (reconnect: boolean) => {
    const socket = ws;
    ws = null;
    stopTimers();
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close();
      } catch {
        // Already closed.
      }
    }
    if (status !== 'ended') setStatus('disconnected');
    if (reconnect) scheduleReconnect();
  };

  const scheduleReconnect = () => {
    clearTimeout(retryTimer);
    if (!wanted() || status === 'ended') return;
    retryTimer = setTimeout(connect, backoffDelay(attempt, opts.random));
    attempt += 1;
  };

  const onFrame = (frame: ServerFrame) => {
    clearTimeout(pongTimer);
    pongTimer = undefined;
    const roomId = frameRoom(frame);
    if (roomId === null) {
      for (const handler of [...userHandlers]) handler(frame);
      return;
    }
    const entry = rooms.get(roomId);
    if (!entry) return;
    if (frame.type === 'chat_message') entry.lastId = Math.max(entry.lastId ?? 0, frame.message.id);
    if (frame.type === 'subscribed') entry.lastId = Math.max(entry.lastId ?? 0, frame.lastId);
    for (const handler of [...entry.handlers]) handler(frame);
  };

  function connect() {
    clearTimeout(retryTimer);
    if (ws || !wanted() || status === 'ended') return;
    setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = opts.createSocket(opts.url());
    } catch {
      setStatus('disconnected');
      scheduleReconnect();
      return;
    }
    ws = socket;
    socket.onopen = () => {
      attempt = 0;
      setStatus('connected');
      for (const [challengeId, entry] of rooms) sendSubscribe(challengeId, entry);
      pingTimer = setInterval(() => {
        send({ type: 'ping' });
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => drop(true), PONG_TIMEOUT_MS);
      }, PING_INTERVAL_MS);
    };
    socket.onmessage = (event) => {
      const frame = parseServerFrame(event.data);
      if (frame) onFrame(frame);
    };
    socket.onclose = (event) => {
      if (ws !== socket) return;
      if (event.code === WS_CLOSE.sessionEnded) {
        ws = null;
        stopTimers();
        setStatus('ended');
        for (const listener of endListeners) listener();
        return;
      }
      drop(true);
    };
    socket.onerror = () => {
      // A close event follows and decides what to do.
    };
  }

  /** Reconnects now (network back, tab visible) instead of waiting out the backoff. */
  const reconnectNow = () => {
    if (status === 'ended' || !wanted()) return;
    if (ws && ws.readyState <= 1) return;
    attempt = 0;
    drop(false);
    connect();
  };

  return {
    getStatus: () => status,
    onStatus(listener: () => void) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    /** Called when the server closed the link because the session ended (sign-out elsewhere). */
    onSessionEnded(listener: () => void) {
      endListeners.add(listener);
      return () => {
        endListeners.delete(listener);
      };
    },
    /**
     * Keeps the link open while signed in (rooms or not); answers the release, which closes it at once when nothing
     * else needs it (sign-out). A hold after the session ended starts afresh: it is a new sign-in.
     */
    hold() {
      holds += 1;
      clearTimeout(idleTimer);
      if (status === 'ended') {
        attempt = 0;
        setStatus('disconnected');
      }
      if (!ws) connect();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (wanted()) return;
        clearTimeout(retryTimer);
        drop(false);
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
      let entry = rooms.get(challengeId);
      const fresh = !entry;
      if (!entry) {
        entry = { lastId, handlers: new Set() };
        rooms.set(challengeId, entry);
      } else if (lastId !== undefined) entry.lastId = Math.max(entry.lastId ?? 0, lastId);
      entry.handlers.add(handler);
      if (fresh) sendSubscribe(challengeId, entry);
      if (!ws) connect();
      const room = entry;
      return () => {
        room.handlers.delete(handler);
        if (room.handlers.size > 0 || rooms.get(challengeId) !== room) return;
        rooms.delete(challengeId);
        send({ type: 'unsubscribe', challengeId });
        if (!wanted()) {
          clearTimeout(retryTimer);
          idleTimer = setTimeout(() => {
            if (!wanted()) drop(false);
          }, IDLE_CLOSE_MS);
        }
      };
    },
    /** Asks for the room again (after the server unsubscribed us, when we may still read it). */
    resubscribe(challengeId: number) {
      const entry = rooms.get(challengeId);
      if (entry) sendSubscribe(challengeId, entry);
    },
    /** Raises the room's resume point after an HTTP page brought newer messages (everything up to it). */
    noteLastId(challengeId: number, id: number) {
      const entry = rooms.get(challengeId);
      if (entry) entry.lastId = Math.max(entry.lastId ?? 0, id);
    },
    lastIdOf: (challengeId: number) => rooms.get(challengeId)?.lastId,
    reconnectNow,
    /** The network went away: stop trusting the socket, and try again when it returns. */
    wentOffline: () => drop(true),
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

/** The connected/disconnected flag of SPEC 4 as a hook. */
export function useLinkStatus(): LinkStatus {
  const link = realtimeLink();
  return useSyncExternalStore(link.onStatus, link.getStatus, () => 'disconnected' as const);
}
