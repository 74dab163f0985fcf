import { type ServerFrame, serverFrame, WS_CLOSE } from '@shared/api/chat';
import { backoffDelay } from '../backoff';

/**
 * The socket itself: one WebSocket to /ws on this host, reconnected with backoff (0.5 s doubling to 15 s, with
 * jitter) while something wants it, pinged every 25 s so a silently dead connection (a phone changing networks)
 * is noticed within 10 s, and stopped for good when the server closes it because the session ended.
 */

export type LinkStatus = 'connecting' | 'connected' | 'disconnected' | 'ended';
export type FrameHandler = (frame: ServerFrame) => void;

export const PING_INTERVAL_MS = 25_000;
export const PONG_TIMEOUT_MS = 10_000;

export type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
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

interface TransportHooks {
  /** Whether anything still needs the socket (rooms or holders); no reconnect otherwise. */
  wanted: () => boolean;
  /** The socket opened (first time or again): rooms subscribe. */
  onOpen: () => void;
  onFrame: FrameHandler;
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

export function createTransport(opts: LinkOptions, hooks: TransportHooks) {
  const statusListeners = new Set<() => void>();
  const endListeners = new Set<() => void>();
  let status: LinkStatus = 'disconnected';
  let ws: SocketLike | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: LinkStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of statusListeners) listener();
  };

  const send = (frame: object) => {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(frame));
  };

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
    if (!hooks.wanted() || status === 'ended') return;
    retryTimer = setTimeout(connect, backoffDelay(attempt, opts.random));
    attempt += 1;
  };

  function connect() {
    clearTimeout(retryTimer);
    if (ws || !hooks.wanted() || status === 'ended') return;
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
      hooks.onOpen();
      pingTimer = setInterval(() => {
        send({ type: 'ping' });
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => drop(true), PONG_TIMEOUT_MS);
      }, PING_INTERVAL_MS);
    };
    socket.onmessage = (event) => {
      const frame = parseServerFrame(event.data);
      if (!frame) return;
      // Any frame proves the connection alive.
      clearTimeout(pongTimer);
      pongTimer = undefined;
      hooks.onFrame(frame);
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

  return {
    getStatus: () => status,
    onStatus(listener: () => void) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    onSessionEnded(listener: () => void) {
      endListeners.add(listener);
      return () => {
        endListeners.delete(listener);
      };
    },
    send,
    /** Opens a socket unless one exists (or nothing wants it, or the session ended). */
    ensureOpen: () => {
      if (!ws) connect();
    },
    /** Closes the socket and stops retrying (nothing needs it any more). */
    close: () => {
      clearTimeout(retryTimer);
      drop(false);
    },
    /** A new sign-in after the session ended starts afresh. */
    restartIfEnded: () => {
      if (status !== 'ended') return;
      attempt = 0;
      setStatus('disconnected');
    },
    /** Reconnects now (network back, tab visible) instead of waiting out the backoff. */
    reconnectNow: () => {
      if (status === 'ended' || !hooks.wanted()) return;
      if (ws && ws.readyState <= 1) return;
      attempt = 0;
      drop(false);
      connect();
    },
    /** The network went away: stop trusting the socket, and try again when it returns. */
    wentOffline: () => drop(true),
  };
}

export type Transport = ReturnType<typeof createTransport>;
