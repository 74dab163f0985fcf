import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CHAT_LIMITS, type ClientFrame, clientFrame, WS_CLOSE, WS_PATH } from '../../../shared/api/chat';
import type { RealtimeBus } from './bus';
import {
  CONTROL_CHANNEL,
  type ControlEvent,
  type RoomEvent,
  roomChannel,
  type UnsubscribeReason,
  userChannel,
} from './events';

/**
 * The WebSocket gateway at /ws. It knows sockets, rooms and ordering; what a room contains and who may read it
 * comes from a RoomSource (the chat module). Per room and instance, one serial queue handles subscribes and bus
 * events, so each socket gets a room's messages in id order, without gaps or duplicates: messages are read from
 * the database after each notification (writers of a room commit in id order), and each socket remembers the last
 * id it was sent. Besides rooms, each signed-in user has a channel (`user:<id>`) whose frames go to all their sockets.
 */

export interface RenderedMessage {
  id: number;
  /** The serialised frames for one recipient, or null when that recipient must not see it (a block). */
  framesFor(userId: string): string[] | null;
}

export interface RoomSource {
  canSubscribe(userId: string, roomId: number): Promise<boolean>;
  headId(roomId: number): Promise<number>;
  /** Messages above `afterId`, ascending, at most `limit`, rendered for `userIds`. */
  messagesAfter(
    roomId: number,
    afterId: number,
    limit: number,
    userIds: string[],
  ): Promise<RenderedMessage[]>;
  /** Frames re-stating decisions taken since message `afterId` was posted (a resuming client may have missed them). */
  decisionsSince(roomId: number, afterId: number, userId: string): Promise<string[]>;
  /** A non-message room event rendered per recipient (null: not for them). */
  renderEvent(
    roomId: number,
    event: RoomEvent,
    userIds: string[],
  ): Promise<(userId: string) => string | null>;
}

export interface GatewayOptions {
  bus: RealtimeBus;
  source: RoomSource;
  authenticate(request: FastifyRequest): Promise<{ userId: string; sessionId: string } | null>;
  isTrustedOrigin(request: FastifyRequest): boolean;
  /**
   * Which of these session ids are still valid. Checked every `sessionCheckMs`, so a session that ended by any path
   * (expiry, a deleted account, a row removed without an event) closes its sockets even if no event said so.
   */
  liveSessions?(sessionIds: string[]): Promise<Set<string>>;
  heartbeatMs?: number;
  sessionCheckMs?: number;
}

interface Conn {
  ws: WebSocket;
  userId: string;
  sessionId: string;
  /** Room id -> the highest message id this socket was sent (or told about) in that room. */
  cursors: Map<number, number>;
  strikes: number;
  alive: boolean;
}

interface Room {
  id: number;
  cursor: number;
  conns: Set<Conn>;
  chain: Promise<void>;
  off: () => void;
}

const HARD_MAX_PAYLOAD = 64 * 1024;
const MAX_ROOMS_PER_SOCKET = 50;
const MAX_STRIKES = 5;
const FETCH_BATCH = 500;
const SLOW_CONSUMER_BYTES = 8 * 1024 * 1024;

export async function realtimeGateway(app: FastifyInstance, opts: GatewayOptions) {
  const { bus, source } = opts;
  const rooms = new Map<number, Room>();
  const conns = new Set<Conn>();
  /** User id -> that user's sockets on this instance, and the removal of the user channel's handler. */
  const users = new Map<string, { conns: Set<Conn>; off: () => void }>();

  const send = (conn: Conn, frame: string) => {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    if (conn.ws.bufferedAmount > SLOW_CONSUMER_BYTES) {
      conn.ws.close(1013, 'Too slow');
      return;
    }
    conn.ws.send(frame);
  };
  const sendObj = (conn: Conn, frame: object) => send(conn, JSON.stringify(frame));

  /** Runs `task` after everything already queued for the room; errors are logged, the queue continues. */
  const enqueue = (room: Room, task: () => Promise<void>) => {
    room.chain = room.chain
      .then(task)
      .catch((err) => app.log.error({ err, room: room.id }, 'realtime task failed'));
    return room.chain;
  };

  function roomFor(roomId: number): Room {
    const room = rooms.get(roomId);
    if (room) return room;
    const created: Room = {
      id: roomId,
      cursor: -1,
      conns: new Set(),
      chain: Promise.resolve(),
      off: () => {},
    };
    created.off = bus.subscribe(roomChannel(roomId), (event) => onRoomEvent(created, event as RoomEvent));
    rooms.set(roomId, created);
    return created;
  }

  function leaveRoom(room: Room, conn: Conn, reason: UnsubscribeReason | null) {
    if (!room.conns.delete(conn)) return;
    conn.cursors.delete(room.id);
    if (reason) sendObj(conn, { type: 'unsubscribed', challengeId: room.id, reason });
    if (room.conns.size === 0) detach(room);
  }

  /** Queued tasks still finish against a detached room; a later subscribe makes a fresh one. */
  function detach(room: Room) {
    room.off();
    if (rooms.get(room.id) === room) rooms.delete(room.id);
  }

  async function fanOut(room: Room) {
    if (room.cursor < 0 || room.conns.size === 0) return;
    for (;;) {
      const userIds = [...new Set([...room.conns].map((c) => c.userId))];
      const items = await source.messagesAfter(room.id, room.cursor, FETCH_BATCH, userIds);
      for (const item of items) {
        for (const conn of room.conns) {
          const seen = conn.cursors.get(room.id) ?? 0;
          if (item.id <= seen) continue;
          conn.cursors.set(room.id, item.id);
          for (const frame of item.framesFor(conn.userId) ?? []) send(conn, frame);
        }
        room.cursor = item.id;
      }
      if (items.length < FETCH_BATCH) return;
    }
  }

  async function recheck(room: Room, only?: string) {
    const users = new Set([...room.conns].map((c) => c.userId).filter((u) => !only || u === only));
    for (const userId of users) {
      if (await source.canSubscribe(userId, room.id)) continue;
      for (const conn of [...room.conns]) if (conn.userId === userId) leaveRoom(room, conn, 'access_lost');
    }
  }

  function onRoomEvent(room: Room, event: RoomEvent) {
    switch (event.kind) {
      case 'message':
        return void enqueue(room, () => fanOut(room));
      case 'drop':
        return void enqueue(room, async () => {
          for (const conn of [...room.conns])
            if (!event.userId || conn.userId === event.userId) leaveRoom(room, conn, event.reason);
        });
      case 'recheck':
        return void enqueue(room, () => recheck(room));
      default:
        return void enqueue(room, async () => {
          const userIds = [...new Set([...room.conns].map((c) => c.userId))];
          const render = await source.renderEvent(room.id, event, userIds);
          for (const conn of room.conns) {
            const frame = render(conn.userId);
            if (frame) send(conn, frame);
          }
        });
    }
  }

  /** The user's channel is listened to while they have a socket here; its events are frames, sent as they are. */
  function joinUser(conn: Conn) {
    let entry = users.get(conn.userId);
    if (!entry) {
      const created = { conns: new Set<Conn>(), off: () => {} };
      created.off = bus.subscribe(userChannel(conn.userId), (frame) => {
        const text = JSON.stringify(frame);
        for (const c of created.conns) send(c, text);
      });
      users.set(conn.userId, created);
      entry = created;
    }
    entry.conns.add(conn);
  }

  function leaveUser(conn: Conn) {
    const entry = users.get(conn.userId);
    if (!entry?.conns.delete(conn) || entry.conns.size > 0) return;
    entry.off();
    users.delete(conn.userId);
  }

  const offControl = bus.subscribe(CONTROL_CHANNEL, (raw) => {
    const event = raw as ControlEvent;
    for (const conn of [...conns]) {
      if (conn.userId !== event.userId) continue;
      if (event.kind === 'session_revoked' && (!event.sessionId || event.sessionId === conn.sessionId)) {
        conn.ws.close(WS_CLOSE.sessionEnded, 'Session ended');
      } else if (event.kind === 'recheck_user') {
        for (const roomId of conn.cursors.keys()) {
          const room = rooms.get(roomId);
          if (room) void enqueue(room, () => recheck(room, conn.userId));
        }
      }
    }
  });

  async function subscribe(conn: Conn, challengeId: number, lastId: number | undefined) {
    if (!conn.cursors.has(challengeId) && conn.cursors.size >= MAX_ROOMS_PER_SOCKET) {
      return sendObj(conn, { type: 'error', message: 'Too many rooms on one connection', challengeId });
    }
    const room = roomFor(challengeId);
    await enqueue(room, async () => {
      if (conn.ws.readyState !== conn.ws.OPEN) return;
      // The room emptied and was detached while this waited: start over on the current one.
      if (rooms.get(challengeId) !== room) return void subscribe(conn, challengeId, lastId);
      if (!(await source.canSubscribe(conn.userId, challengeId))) {
        if (room.conns.size === 0) detach(room);
        return sendObj(conn, { type: 'error', message: 'Pact not found', challengeId });
      }
      if (room.cursor < 0) room.cursor = await source.headId(challengeId);
      room.conns.add(conn);
      let cursor = Math.max(room.cursor, lastId ?? 0);
      if (lastId !== undefined) {
        const missed =
          lastId < room.cursor
            ? await source.messagesAfter(challengeId, lastId, CHAT_LIMITS.resumeMax + 1, [conn.userId])
            : [];
        if (missed.length > CHAT_LIMITS.resumeMax) {
          sendObj(conn, { type: 'resync', challengeId });
          cursor = room.cursor;
        } else {
          // Up to the room's cursor; anything newer comes with the room's next fan-out.
          for (const item of missed) {
            if (item.id > room.cursor) break;
            for (const frame of item.framesFor(conn.userId) ?? []) send(conn, frame);
          }
          for (const frame of await source.decisionsSince(challengeId, lastId, conn.userId))
            send(conn, frame);
        }
      }
      conn.cursors.set(challengeId, cursor);
      sendObj(conn, { type: 'subscribed', challengeId, lastId: cursor });
    });
  }

  function onFrame(conn: Conn, data: Buffer, isBinary: boolean) {
    let frame: ClientFrame | null = null;
    let problem = '';
    if (isBinary) problem = 'Frames must be JSON text';
    else if (data.length > CHAT_LIMITS.frameMaxBytes)
      problem = `Frame too large (at most ${CHAT_LIMITS.frameMaxBytes} bytes)`;
    else {
      try {
        const parsed = clientFrame.safeParse(JSON.parse(data.toString('utf8')));
        if (parsed.success) frame = parsed.data;
        else
          problem =
            `Invalid frame: ${parsed.error.issues[0]?.path.join('.') || 'type'} ${parsed.error.issues[0]?.message ?? ''}`.trim();
      } catch {
        problem = 'Invalid frame: not JSON';
      }
    }
    if (!frame) {
      conn.strikes += 1;
      sendObj(conn, { type: 'error', message: problem });
      if (conn.strikes >= MAX_STRIKES) conn.ws.close(WS_CLOSE.abuse, 'Too many invalid frames');
      return;
    }
    if (frame.type === 'ping') return sendObj(conn, { type: 'pong' });
    if (frame.type === 'subscribe') return void subscribe(conn, frame.challengeId, frame.lastId);
    const room = rooms.get(frame.challengeId);
    const done = { type: 'unsubscribed', challengeId: frame.challengeId, reason: 'requested' } as const;
    // Answered even when the socket was not in the room, so a client can always await it.
    if (!room) return sendObj(conn, done);
    void enqueue(room, async () => {
      if (room.conns.has(conn)) leaveRoom(room, conn, 'requested');
      else sendObj(conn, done);
    });
  }

  await app.register(websocket, { options: { maxPayload: HARD_MAX_PAYLOAD } });

  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request, reply) => {
        if (!opts.isTrustedOrigin(request)) {
          return reply
            .status(403)
            .send({ error: 'foreign_origin', message: 'Request refused: foreign origin' });
        }
        const who = await opts.authenticate(request);
        if (!who) return reply.status(401).send({ error: 'unauthorized', message: 'Not signed in' });
        (request as FastifyRequest & { wsUser?: typeof who }).wsUser = who;
      },
    },
    (ws, request) => {
      const who = (request as FastifyRequest & { wsUser?: { userId: string; sessionId: string } }).wsUser!;
      const conn: Conn = { ws, ...who, cursors: new Map(), strikes: 0, alive: true };
      conns.add(conn);
      joinUser(conn);
      ws.on('pong', () => {
        conn.alive = true;
      });
      ws.on('message', (data, isBinary) => onFrame(conn, data as Buffer, isBinary));
      ws.on('close', () => {
        conns.delete(conn);
        leaveUser(conn);
        for (const roomId of [...conn.cursors.keys()]) {
          const room = rooms.get(roomId);
          if (room) leaveRoom(room, conn, null);
        }
      });
    },
  );

  const heartbeat = setInterval(() => {
    for (const conn of conns) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref();

  const sessionCheck = setInterval(
    async () => {
      if (!opts.liveSessions || conns.size === 0) return;
      try {
        const live = await opts.liveSessions([...new Set([...conns].map((c) => c.sessionId))]);
        for (const conn of conns) {
          if (!live.has(conn.sessionId)) conn.ws.close(WS_CLOSE.sessionEnded, 'Session ended');
        }
      } catch (err) {
        app.log.warn({ err }, 'realtime session check failed');
      }
    },
    opts.sessionCheckMs ?? 5 * 60_000,
  );
  sessionCheck.unref();

  app.addHook('onReady', () => bus.ready());
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    offControl();
    for (const conn of conns) conn.ws.terminate();
    for (const room of rooms.values()) room.off();
    rooms.clear();
    for (const user of users.values()) user.off();
    users.clear();
  });
}
