import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeLink, IDLE_CLOSE_MS, PING_INTERVAL_MS, PONG_TIMEOUT_MS } from './link';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) } as MessageEvent);
  }
  serverClose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const user = { id: 'u1', firstName: 'Avery', username: 'avery', profileImageUrl: null };
const message = (id: number, challengeId = 7) => ({
  type: 'chat_message',
  message: {
    id,
    challengeId,
    userId: 'u1',
    user,
    message: `hello ${id}`,
    timestamp: '2026-11-21T10:00:00.000Z',
    type: 'message',
    videoUrl: null,
    proofStatus: null,
    proof: null,
  },
});

function setup() {
  const sockets: FakeSocket[] = [];
  const link = createRealtimeLink({
    url: () => 'ws://localhost/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 0,
  });
  return { link, sockets, last: () => sockets[sockets.length - 1]! };
}

describe('realtime link', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on the first subscribe and subscribes with the last id it has', () => {
    const { link, sockets, last } = setup();
    expect(sockets).toHaveLength(0);
    link.subscribe(7, 40, () => {});
    expect(link.getStatus()).toBe('connecting');
    last().open();
    expect(link.getStatus()).toBe('connected');
    expect(last().sent).toEqual([{ type: 'subscribe', challengeId: 7, lastId: 40 }]);
  });

  it('hands valid frames of a room to its handlers and drops invalid ones', () => {
    const { link, last } = setup();
    const seen: string[] = [];
    link.subscribe(7, undefined, (f) => seen.push(f.type));
    last().open();
    last().receive(message(41));
    last().receive('not json');
    last().receive({ type: 'chat_message', message: { id: 'x' } });
    last().receive(message(99, 8)); // another room
    last().receive({ type: 'resync', challengeId: 7 });
    expect(seen).toEqual(['chat_message', 'resync']);
    expect(link.lastIdOf(7)).toBe(41);
  });

  it('reconnects with backoff after a drop and resumes from the last id seen', () => {
    const { link, sockets, last } = setup();
    const statuses: string[] = [];
    link.onStatus(() => statuses.push(link.getStatus()));
    link.subscribe(7, 10, () => {});
    last().open();
    last().receive(message(12));
    last().serverClose(1006);
    expect(link.getStatus()).toBe('disconnected');
    vi.advanceTimersByTime(249);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1); // first retry: 0.5 s ceiling, jitter 0 -> 250 ms
    expect(sockets).toHaveLength(2);
    last().serverClose(1006);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1); // second retry: 1 s ceiling -> 500 ms
    last().open();
    expect(last().sent).toEqual([{ type: 'subscribe', challengeId: 7, lastId: 12 }]);
    expect(statuses).toEqual([
      'connecting',
      'connected',
      'disconnected',
      'connecting',
      'disconnected',
      'connecting',
      'connected',
    ]);
  });

  it('stops for good when the server says the session ended', () => {
    const { link, sockets, last } = setup();
    const ended = vi.fn();
    link.onSessionEnded(ended);
    link.subscribe(7, undefined, () => {});
    last().open();
    last().serverClose(4401);
    vi.advanceTimersByTime(60_000);
    expect(link.getStatus()).toBe('ended');
    expect(ended).toHaveBeenCalledOnce();
    expect(sockets).toHaveLength(1);
  });

  it('pings and drops a connection that does not answer', () => {
    const { link, sockets, last } = setup();
    link.subscribe(7, undefined, () => {});
    last().open();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(last().sent).toContainEqual({ type: 'ping' });
    last().receive({ type: 'pong' });
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(link.getStatus()).toBe('connected');
    vi.advanceTimersByTime(PING_INTERVAL_MS - PONG_TIMEOUT_MS + PONG_TIMEOUT_MS);
    expect(sockets[0]!.closed).toBe(true);
    expect(link.getStatus()).toBe('disconnected');
  });

  it('unsubscribes a room when its last listener leaves and closes the idle socket', () => {
    const { link, last } = setup();
    const offA = link.subscribe(7, undefined, () => {});
    const offB = link.subscribe(7, undefined, () => {});
    last().open();
    offA();
    expect(last().sent).toEqual([{ type: 'subscribe', challengeId: 7 }]);
    offB();
    expect(last().sent).toContainEqual({ type: 'unsubscribe', challengeId: 7 });
    vi.advanceTimersByTime(5_000);
    expect(last().closed).toBe(true);
    expect(link.getStatus()).toBe('disconnected');
  });

  it('reconnects at once when the network returns', () => {
    const { link, sockets, last } = setup();
    link.subscribe(7, 3, () => {});
    last().open();
    link.wentOffline();
    expect(link.getStatus()).toBe('disconnected');
    link.reconnectNow();
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: 'subscribe', challengeId: 7, lastId: 3 }]);
  });

  it('stays open while held with no room, reconnects, and hands notification frames to user listeners', () => {
    const { link, sockets, last } = setup();
    const seen: unknown[] = [];
    link.onUserFrame((f) => seen.push(f));
    const release = link.hold();
    expect(sockets).toHaveLength(1);
    last().open();
    const notification = {
      id: 5,
      type: 'friend_added',
      actor: user,
      pact: null,
      data: {},
      read: false,
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    last().receive({ type: 'notification', notification });
    last().receive({ type: 'notification', notification: { id: 'x' } }); // invalid: dropped
    expect(seen).toEqual([{ type: 'notification', notification }]);

    // A room's last listener leaving does not close a held link.
    link.subscribe(7, undefined, () => {})();
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(last().closed).toBe(false);

    last().serverClose(1006);
    vi.advanceTimersByTime(250);
    expect(sockets).toHaveLength(2);
    last().open();
    last().receive({ type: 'notification', notification: { ...notification, id: 6 } });
    expect(seen).toHaveLength(2);

    // Sign-out: the release closes the socket at once and nothing reconnects.
    release();
    expect(last().closed).toBe(true);
    expect(link.getStatus()).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('stops when the session ends while held, and a new sign-in (a new hold) starts afresh', () => {
    const { link, sockets, last } = setup();
    const release = link.hold();
    last().open();
    last().serverClose(4401);
    vi.advanceTimersByTime(60_000);
    expect(link.getStatus()).toBe('ended');
    expect(sockets).toHaveLength(1);
    release();
    link.hold();
    expect(sockets).toHaveLength(2);
    last().open();
    expect(link.getStatus()).toBe('connected');
  });
});
