import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServerFrame } from '../../../shared/api/chat';
import type { RealtimeBus } from './bus';
import {
  type PostedMessage,
  type RoomEvent,
  roomChannel,
  type UnsubscribeReason,
  userChannel,
} from './events';

/**
 * Rooms and ordering. Per room and instance, one serial queue handles subscribes and bus events, so each socket
 * gets a room's messages in id order, without gaps or duplicates: messages are read from the database after each
 * notification (writers of a room commit in id order), and each socket remembers the last id it was sent. A
 * notification may carry its message with the room's previous id (`posted.after`): a room whose cursor is exactly
 * there sends it as it is (nothing can come between), any other room reads from its cursor as usual.
 * Besides rooms, each signed-in user has a channel (`user:<id>`) whose frames go to all their sockets.
 */

/** A serialised text frame: a string, or its UTF-8 bytes encoded once for many sockets. */
export type Frame = string | Buffer;

export interface RenderedMessage {
  id: number;
  /** The serialised frames for one recipient, or null when that recipient must not see it (a block). */
  framesFor(userId: string): readonly Frame[] | null;
  /** Set when every recipient gets the same frames (no block, no per-reader field): framesFor is then skipped. */
  everyone?: readonly Frame[];
}

/** What a room holds and who may hold it: the chat module answers (chat/room-source.ts). */
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
  /** A message handed over with its notification (no proof), rendered for everyone but `posted.hiddenFrom`. */
  posted(roomId: number, id: number, posted: PostedMessage): RenderedMessage;
  /** Frames re-stating decisions taken since message `afterId` was posted (a resuming client may have missed them). */
  decisionsSince(roomId: number, afterId: number, userId: string): Promise<string[]>;
  /** A non-message room event rendered per recipient (null: not for them). */
  renderEvent(
    roomId: number,
    event: RoomEvent,
    userIds: string[],
  ): Promise<(userId: string) => string | null>;
}

/** One socket. */
export interface Conn {
  ws: WebSocket;
  userId: string;
  sessionId: string;
  /** Room id -> the highest message id this socket was sent (or told about) in that room. */
  cursors: Map<number, number>;
  strikes: number;
  alive: boolean;
}

export interface Room {
  id: number;
  cursor: number;
  conns: Set<Conn>;
  chain: Promise<void>;
  off: () => void;
}

const FETCH_BATCH = 500;
const SLOW_CONSUMER_BYTES = 8 * 1024 * 1024;

const TEXT = { binary: false } as const;

export function send(conn: Conn, frame: Frame) {
  if (conn.ws.readyState !== conn.ws.OPEN) return;
  if (conn.ws.bufferedAmount > SLOW_CONSUMER_BYTES) {
    conn.ws.close(1013, 'Too slow');
    return;
  }
  conn.ws.send(frame, TEXT);
}

/** A server frame of the contract (shared/api/chat.ts), so every field name is checked. */
export const sendObj = (conn: Conn, frame: ServerFrame) => send(conn, JSON.stringify(frame));

export type Rooms = ReturnType<typeof createRooms>;

export function createRooms(opts: { bus: RealtimeBus; source: RoomSource; log: FastifyBaseLogger }) {
  const { bus, source, log } = opts;
  const rooms = new Map<number, Room>();
  /** User id -> that user's sockets on this instance, and the removal of the user channel's handler. */
  const users = new Map<string, { conns: Set<Conn>; off: () => void }>();

  /** Runs `task` after everything already queued for the room; errors are logged, the queue continues. */
  const enqueue = (room: Room, task: () => Promise<void>) => {
    room.chain = room.chain
      .then(task)
      .catch((err) => log.error({ err, room: room.id }, 'realtime task failed'));
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

  /**
   * Sends the room's new messages to its sockets. Who may hold the room was decided when each socket joined
   * (and is re-decided on access events, which drop sockets); per message, frames are rendered once (or once per
   * recipient user when some differ), not per socket, and the sends run back to back with no await between them.
   * A message handed over right after the room's cursor is sent as it is; otherwise they are read from the cursor.
   */
  async function fanOut(room: Room, handed?: { id: number; posted: PostedMessage }) {
    if (room.cursor < 0 || room.conns.size === 0) return;
    if (handed) {
      // Already sent (read after an earlier notification, or at the room's first subscribe).
      if (handed.id <= room.cursor) return;
      if (handed.posted.after === room.cursor) {
        deliver(room, source.posted(room.id, handed.id, handed.posted));
        return;
      }
    }
    for (;;) {
      const userIds = [...new Set([...room.conns].map((c) => c.userId))];
      const items = await source.messagesAfter(room.id, room.cursor, FETCH_BATCH, userIds);
      for (const item of items) deliver(room, item);
      if (items.length < FETCH_BATCH) return;
    }
  }

  /** One message to each socket of the room that was not sent it yet; moves the room's cursor past it. */
  function deliver(room: Room, item: RenderedMessage) {
    const all = item.everyone;
    const byUser = all ? null : new Map<string, readonly Frame[] | null>();
    for (const conn of room.conns) {
      const seen = conn.cursors.get(room.id) ?? 0;
      if (item.id <= seen) continue;
      conn.cursors.set(room.id, item.id);
      let frames: readonly Frame[] | null | undefined = all;
      if (byUser) {
        frames = byUser.get(conn.userId);
        if (frames === undefined) {
          frames = item.framesFor(conn.userId);
          byUser.set(conn.userId, frames);
        }
      }
      if (frames) for (const frame of frames) send(conn, frame);
    }
    room.cursor = item.id;
  }

  /** Drops the sockets (of `only`, or everyone's) that may no longer hold the room. */
  async function recheck(room: Room, only?: string) {
    const userIds = new Set([...room.conns].map((c) => c.userId).filter((u) => !only || u === only));
    for (const userId of userIds) {
      if (await source.canSubscribe(userId, room.id)) continue;
      for (const conn of [...room.conns]) if (conn.userId === userId) leaveRoom(room, conn, 'access_lost');
    }
  }

  function onRoomEvent(room: Room, event: RoomEvent) {
    switch (event.kind) {
      case 'message':
        return void enqueue(room, () =>
          fanOut(room, event.posted ? { id: event.id, posted: event.posted } : undefined),
        );
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

  return {
    source,
    /** The room if some socket of this instance holds it. */
    get: (roomId: number) => rooms.get(roomId),
    roomFor,
    enqueue,
    leaveRoom,
    detach,
    joinUser,
    /** The user's access may have changed: each room this socket holds re-checks them. */
    recheckUser(conn: Conn) {
      for (const roomId of conn.cursors.keys()) {
        const room = rooms.get(roomId);
        if (room) void enqueue(room, () => recheck(room, conn.userId));
      }
    },
    /**
     * Bus events from other instances were lost (Redis was away): each room re-reads its messages from the
     * database after its cursor and re-checks who may stay.
     */
    resyncAll() {
      for (const room of rooms.values()) {
        void enqueue(room, () => recheck(room));
        void enqueue(room, () => fanOut(room));
      }
    },
    /** A closed socket leaves its user channel and every room, silently. */
    forget(conn: Conn) {
      leaveUser(conn);
      for (const roomId of [...conn.cursors.keys()]) {
        const room = rooms.get(roomId);
        if (room) leaveRoom(room, conn, null);
      }
    },
    close() {
      for (const room of rooms.values()) room.off();
      rooms.clear();
      for (const user of users.values()) user.off();
      users.clear();
    },
  };
}
