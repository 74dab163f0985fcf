import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import * as account from './account-service';
import * as sessions from './sessions-service';

const HOUR = 3600_000;

/** Recovery and control (docs/AUTH.md): verification, reset, change of password and email, signed-in devices. */
export async function accountRoutes(app: FastifyInstance) {
  const r = routes.auth;
  const limits = !app.ctx.config.DISABLE_RATE_LIMIT;
  // Per network address, on top of the per-mailbox and per-account mail limits of account-limits.ts.
  const perAddress = (max: number) =>
    limits
      ? { max, timeWindow: HOUR, hook: 'preHandler' as const, keyGenerator: (q: FastifyRequest) => q.ip }
      : false;

  route(app, r.sendVerification, async (request) =>
    account.resendVerification(app, request, await requireUser(request)),
  );
  route(app, r.verifyEmail, async (request) => account.verifyEmail(app, request, request.body.token), {
    config: { rateLimit: perAddress(30) },
  });
  route(app, r.forgotPassword, async (request) => account.forgotPassword(app, request.body.email), {
    config: { rateLimit: perAddress(10) },
  });
  route(app, r.resetPassword, async (request) => account.resetPassword(app, request.body), {
    config: { rateLimit: perAddress(30) },
  });
  route(app, r.changePassword, async (request, reply) => ({
    user: await account.changePassword(app, request, reply, await requireUser(request), request.body),
  }));
  route(app, r.changeEmail, async (request) =>
    account.changeEmail(app, request, await requireUser(request), request.body),
  );
  route(app, r.listSessions, async (request) =>
    sessions.listDevices(app, request, await requireUser(request)),
  );
  route(app, r.revokeSession, async (request) =>
    sessions.revokeDevice(app, request, await requireUser(request), request.params.id),
  );
  route(app, r.revokeAllSessions, async (request, reply) =>
    sessions.revokeAllDevices(app, request, reply, await requireUser(request)),
  );
}
