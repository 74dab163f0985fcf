import type { ServerFrame } from '@shared/api/chat';
import type { FrameHandler } from './transport';

/**
 * The Pact rooms the link listens to. Each remembers the highest message id seen, so a (re)subscribe asks the
 * server for exactly what came after it: nothing lost, nothing doubled.
 */

interface RoomEntry {
  lastId: number | undefined;
  handlers: Set<FrameHandler>;
}

/** The room a server frame belongs to, or null (pong, a general error, a notification, a direct message). */
export function frameRoom(frame: ServerFrame): number | null {
  switch (frame.type) {
    case 'chat_message':
      return frame.message.challengeId;
    case 'stream_proof':
      return frame.proof.challengeId;
    case 'pong':
    case 'notification':
    case 'direct_message':
    case 'direct_read':
    case 'changed':
      return null;
    default:
      return frame.challengeId ?? null;
  }
}

export function createRooms(send: (frame: object) => void) {
  const rooms = new Map<number, RoomEntry>();

  const sendSubscribe = (challengeId: number, entry: RoomEntry) =>
    send({ type: 'subscribe', challengeId, ...(entry.lastId !== undefined ? { lastId: entry.lastId } : {}) });

  return {
    get size() {
      return rooms.size;
    },
    /** After the socket (re)opened: every room asks for what came after its last id. */
    subscribeAll() {
      for (const [challengeId, entry] of rooms) sendSubscribe(challengeId, entry);
    },
    /** Hands a room's frame to its listeners (raising its resume point); false for frames of no room. */
    deliver(frame: ServerFrame): boolean {
      const roomId = frameRoom(frame);
      if (roomId === null) return false;
      const entry = rooms.get(roomId);
      if (!entry) return true;
      if (frame.type === 'chat_message') entry.lastId = Math.max(entry.lastId ?? 0, frame.message.id);
      if (frame.type === 'subscribed') entry.lastId = Math.max(entry.lastId ?? 0, frame.lastId);
      for (const handler of [...entry.handlers]) handler(frame);
      return true;
    },
    /**
     * Adds a listener to a room (subscribing when it is the first); answers its removal, which answers true when
     * that emptied the room (it is then unsubscribed).
     */
    add(challengeId: number, lastId: number | undefined, handler: FrameHandler): () => boolean {
      let entry = rooms.get(challengeId);
      if (!entry) {
        entry = { lastId, handlers: new Set() };
        rooms.set(challengeId, entry);
        entry.handlers.add(handler);
        sendSubscribe(challengeId, entry);
      } else {
        if (lastId !== undefined) entry.lastId = Math.max(entry.lastId ?? 0, lastId);
        entry.handlers.add(handler);
      }
      const room = entry;
      return () => {
        room.handlers.delete(handler);
        if (room.handlers.size > 0 || rooms.get(challengeId) !== room) return false;
        rooms.delete(challengeId);
        send({ type: 'unsubscribe', challengeId });
        return true;
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
  };
}
