import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeviceSession } from '../../../shared/api/account';
import { notFound } from '../../platform/errors';
import { cookieHeaders, type SessionUser } from '../session/guard';
import { forwardCookies } from './service';
import { describeUserAgent } from './user-agent';

/** The caller's sessions as better-auth lists them (live ones only), with their tokens: never sent out. */
async function ownSessions(app: FastifyInstance, request: FastifyRequest) {
  return app.auth.api.listSessions({ headers: cookieHeaders(request) });
}

/** Settings > Signed-in devices: browser and system from each session's user agent, most recently used first. */
export async function listDevices(
  app: FastifyInstance,
  request: FastifyRequest,
  me: SessionUser,
): Promise<{ sessions: DeviceSession[] }> {
  const sessions = await ownSessions(app, request);
  const now = new Date();
  const devices = sessions.map((s) => {
    const current = s.id === me.sessionId;
    return {
      id: s.id,
      ...describeUserAgent(s.userAgent),
      createdAt: new Date(s.createdAt).toISOString(),
      // This device is in use right now; the others' last renewal (hourly at most) says when they were.
      lastActiveAt: (current ? now : new Date(s.updatedAt)).toISOString(),
      current,
    };
  });
  devices.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt),
  );
  return { sessions: devices };
}

/** "Sign out" on one device: its session ends and its sockets close at once, on every instance. */
export async function revokeDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  me: SessionUser,
  id: string,
) {
  const target = (await ownSessions(app, request)).find((s) => s.id === id);
  if (!target) throw notFound('Session not found');
  await app.auth.api.revokeSession({ body: { token: target.token }, headers: cookieHeaders(request) });
  await app.ctx.events.emit('session.revoked', { userId: me.id, sessionId: id });
  return { ok: true as const };
}

/** "Sign out everywhere": every session of the account, this one too (its cookie is cleared). */
export async function revokeAllDevices(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  me: SessionUser,
) {
  await app.auth.api.revokeSessions({ headers: cookieHeaders(request) });
  const result = await app.auth.api.signOut({ headers: cookieHeaders(request), returnHeaders: true });
  forwardCookies(result.headers, reply);
  await app.ctx.events.emit('session.revoked', { userId: me.id });
  return { ok: true as const };
}
