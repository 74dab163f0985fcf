import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS, type ClientFrame, clientFrame, WS_CLOSE, WS_PATH } from '../../../shared/api/chat';
import { type AuthenticationOptions, socketUserOf, upgradeCheck, watchSessions } from './authentication';
import type { RealtimeBus } from './bus';
import { subscribe, unsubscribe } from './resync';
import { type Conn, createRooms, type RoomSource, sendObj } from './rooms';

export type { RenderedMessage, RoomSource } from './rooms';

/**
 * The WebSocket gateway at /ws, put together from its three parts: authentication.ts (who holds a socket, for how
 * long), rooms.ts (rooms, ordering, user channels) and resync.ts (subscribing, resuming after a last id). What a
 * room contains and who may read it comes from a RoomSource (the chat module, which asks the pacts policy).
 * This file owns the sockets themselves: frames in, heartbeats, closing.
 */

export interface GatewayOptions extends AuthenticationOptions {
  bus: RealtimeBus;
  source: RoomSource;
  heartbeatMs?: number;
}

const HARD_MAX_PAYLOAD = 64 * 1024;
const MAX_STRIKES = 5;

/** A client frame, or why it is refused. */
function parseFrame(data: Buffer, isBinary: boolean): { frame: ClientFrame } | { problem: string } {
  if (isBinary) return { problem: 'Frames must be JSON text' };
  if (data.length > CHAT_LIMITS.frameMaxBytes)
    return { problem: `Frame too large (at most ${CHAT_LIMITS.frameMaxBytes} bytes)` };
  try {
    const parsed = clientFrame.safeParse(JSON.parse(data.toString('utf8')));
    if (parsed.success) return { frame: parsed.data };
    const issue = parsed.error.issues[0];
    return { problem: `Invalid frame: ${issue?.path.join('.') || 'type'} ${issue?.message ?? ''}`.trim() };
  } catch {
    return { problem: 'Invalid frame: not JSON' };
  }
}

export async function realtimeGateway(app: FastifyInstance, opts: GatewayOptions) {
  const rooms = createRooms({ bus: opts.bus, source: opts.source, log: app.log });
  const conns = new Set<Conn>();
  const stopWatching = watchSessions({
    ...opts,
    log: app.log,
    conns,
    recheckUser: (conn) => rooms.recheckUser(conn),
  });

  // Bus events from other instances were lost while Redis was away: every room catches up from the database.
  const offReconnect = opts.bus.onReconnect(() => rooms.resyncAll());

  function onFrame(conn: Conn, data: Buffer, isBinary: boolean) {
    const parsed = parseFrame(data, isBinary);
    if ('problem' in parsed) {
      conn.strikes += 1;
      sendObj(conn, { type: 'error', message: parsed.problem });
      if (conn.strikes >= MAX_STRIKES) conn.ws.close(WS_CLOSE.abuse, 'Too many invalid frames');
      return;
    }
    const { frame } = parsed;
    if (frame.type === 'ping') return sendObj(conn, { type: 'pong' });
    if (frame.type === 'subscribe') return void subscribe(rooms, conn, frame.challengeId, frame.lastId);
    unsubscribe(rooms, conn, frame.challengeId);
  }

  await app.register(websocket, { options: { maxPayload: HARD_MAX_PAYLOAD } });

  app.get(
    WS_PATH,
    { websocket: true, schema: { hide: true }, preValidation: upgradeCheck(opts) },
    (ws, request) => {
      const conn: Conn = { ws, ...socketUserOf(request), cursors: new Map(), strikes: 0, alive: true };
      conns.add(conn);
      rooms.joinUser(conn);
      ws.on('pong', () => {
        conn.alive = true;
      });
      ws.on('message', (data, isBinary) => onFrame(conn, data as Buffer, isBinary));
      ws.on('close', () => {
        conns.delete(conn);
        rooms.forget(conn);
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

  app.addHook('onReady', () => opts.bus.ready());
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    stopWatching();
    offReconnect();
    for (const conn of conns) conn.ws.terminate();
    rooms.close();
  });
}
