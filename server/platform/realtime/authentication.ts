import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { WS_CLOSE } from '../../../shared/api/chat';
import type { RealtimeBus } from './bus';
import { CONTROL_CHANNEL, type ControlEvent } from './events';
import type { Conn } from './rooms';

/**
 * Who holds a socket, and for how long: the upgrade needs a trusted Origin and a signed-in session; a socket
 * closes when its session ends (a sign-out or ban told on the control channel, or found expired by the periodic
 * check), and re-checks its rooms when its user's access may have changed.
 */

export interface SocketUser {
  userId: string;
  sessionId: string;
}

export interface AuthenticationOptions {
  authenticate(request: FastifyRequest): Promise<SocketUser | null>;
  isTrustedOrigin(request: FastifyRequest): boolean;
  /**
   * Which of these session ids are still valid. Checked every `sessionCheckMs`, so a session that ended by any path
   * (expiry, a deleted account, a row removed without an event) closes its sockets even if no event said so.
   */
  liveSessions?(sessionIds: string[]): Promise<Set<string>>;
  sessionCheckMs?: number;
}

const users = new WeakMap<FastifyRequest, SocketUser>();

/** The upgrade's preValidation: 403 for a foreign origin, 401 without a session. */
export function upgradeCheck(opts: AuthenticationOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!opts.isTrustedOrigin(request)) {
      return reply.status(403).send({ error: 'foreign_origin', message: 'Request refused: foreign origin' });
    }
    const who = await opts.authenticate(request);
    if (!who) return reply.status(401).send({ error: 'unauthorized', message: 'Not signed in' });
    users.set(request, who);
  };
}

/** The user the upgrade check authenticated for this request. */
export function socketUserOf(request: FastifyRequest): SocketUser {
  const who = users.get(request);
  if (!who) throw new Error('socket opened without its upgrade check');
  return who;
}

/**
 * Follows sessions and access for the sockets of this instance; answers the function that stops it.
 * `recheckUser` re-checks each room one socket holds.
 */
export function watchSessions(
  opts: AuthenticationOptions & {
    bus: RealtimeBus;
    log: FastifyBaseLogger;
    conns: ReadonlySet<Conn>;
    recheckUser(conn: Conn): void;
  },
): () => void {
  const { conns } = opts;
  const offControl = opts.bus.subscribe(CONTROL_CHANNEL, (raw) => {
    const event = raw as ControlEvent;
    for (const conn of [...conns]) {
      if (conn.userId !== event.userId) continue;
      if (event.kind === 'session_revoked' && (!event.sessionId || event.sessionId === conn.sessionId)) {
        conn.ws.close(WS_CLOSE.sessionEnded, 'Session ended');
      } else if (event.kind === 'recheck_user') {
        opts.recheckUser(conn);
      }
    }
  });

  const sessionCheck = setInterval(
    async () => {
      if (!opts.liveSessions || conns.size === 0) return;
      try {
        const live = await opts.liveSessions([...new Set([...conns].map((c) => c.sessionId))]);
        for (const conn of conns) {
          if (!live.has(conn.sessionId)) conn.ws.close(WS_CLOSE.sessionEnded, 'Session ended');
        }
      } catch (err) {
        opts.log.warn({ err }, 'realtime session check failed');
      }
    },
    opts.sessionCheckMs ?? 5 * 60_000,
  );
  sessionCheck.unref();

  return () => {
    clearInterval(sessionCheck);
    offControl();
  };
}
