import { CHAT_LIMITS } from '../../../shared/api/chat';
import { type Conn, type Rooms, send, sendObj } from './rooms';

const MAX_ROOMS_PER_SOCKET = 50;

/**
 * Subscribes a socket to a room, resuming after `lastId` when given: what it missed up to the room's cursor is
 * sent now (anything newer comes with the room's next fan-out), with the proof decisions taken meanwhile; when it
 * missed more than CHAT_LIMITS.resumeMax messages it is told to resync (reload the page) instead. Runs in the
 * room's queue, so nothing the room sends meanwhile is lost or doubled.
 */
export async function subscribe(rooms: Rooms, conn: Conn, pactId: number, lastId: number | undefined) {
  const { source } = rooms;
  if (!conn.cursors.has(pactId) && conn.cursors.size >= MAX_ROOMS_PER_SOCKET) {
    return sendObj(conn, { type: 'error', message: 'Too many rooms on one connection', challengeId: pactId });
  }
  const room = rooms.roomFor(pactId);
  await rooms.enqueue(room, async () => {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    // The room emptied and was detached while this waited: start over on the current one.
    if (rooms.get(pactId) !== room) return void subscribe(rooms, conn, pactId, lastId);
    if (!(await source.canSubscribe(conn.userId, pactId))) {
      if (room.conns.size === 0) rooms.detach(room);
      return sendObj(conn, { type: 'error', message: 'Pact not found', challengeId: pactId });
    }
    if (room.cursor < 0) room.cursor = await source.headId(pactId);
    room.conns.add(conn);
    let cursor = Math.max(room.cursor, lastId ?? 0);
    if (lastId !== undefined) {
      const missed =
        lastId < room.cursor
          ? await source.messagesAfter(pactId, lastId, CHAT_LIMITS.resumeMax + 1, [conn.userId])
          : [];
      if (missed.length > CHAT_LIMITS.resumeMax) {
        sendObj(conn, { type: 'resync', challengeId: pactId });
        cursor = room.cursor;
      } else {
        // Up to the room's cursor; anything newer comes with the room's next fan-out.
        for (const item of missed) {
          if (item.id > room.cursor) break;
          for (const frame of item.framesFor(conn.userId) ?? []) send(conn, frame);
        }
        for (const frame of await source.decisionsSince(pactId, lastId, conn.userId)) send(conn, frame);
      }
    }
    conn.cursors.set(pactId, cursor);
    sendObj(conn, { type: 'subscribed', challengeId: pactId, lastId: cursor });
  });
}

/** An unsubscribe is answered even when the socket was not in the room, so a client can always await it. */
export function unsubscribe(rooms: Rooms, conn: Conn, pactId: number) {
  const room = rooms.get(pactId);
  const done = { type: 'unsubscribed', challengeId: pactId, reason: 'requested' } as const;
  if (!room) return sendObj(conn, done);
  void rooms.enqueue(room, async () => {
    if (room.conns.has(conn)) rooms.leaveRoom(room, conn, 'requested');
    else sendObj(conn, done);
  });
}
