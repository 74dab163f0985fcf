import type { FastifyInstance } from 'fastify';
import { DEMO_CREDENTIALS } from '../../../shared/api/auth';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { optionalUser, requireUser } from '../session/guard';
import { currentUser } from '../session/sessions';
import { accountRoutes } from './account-routes';
import { providerRoutes } from './provider-routes';
import * as service from './service';

const MINUTE = 60_000;
const signInMax = (_request: unknown, key: string) => (key.endsWith(`:${DEMO_CREDENTIALS.email}`) ? 60 : 10);

/** Sign-up, sign-in (and Try Demo), the current user, sign-out (routes.auth); provider sign-in in provider-routes.ts. */
export async function authRoutes(app: FastifyInstance) {
  const limits = !app.ctx.config.DISABLE_RATE_LIMIT;
  const ip = (r: { ip: string }) => r.ip;
  const byIpAndEmail = (r: { ip: string; body?: unknown }) =>
    `${r.ip}:${String((r.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}`;

  route(
    app,
    routes.auth.signIn,
    async (request, reply) => ({
      user: await service.signIn(app, reply, request.body, request.ip, request.headers['user-agent']),
    }),
    {
      // Guesses at one account from one address; Try Demo (one shared email) gets a wider allowance. Failures
      // across emails and across addresses are limited in the service (sign-in-limits.ts).
      config: {
        rateLimit: limits
          ? { max: signInMax, timeWindow: 15 * MINUTE, hook: 'preHandler', keyGenerator: byIpAndEmail }
          : false,
      },
    },
  );

  route(
    app,
    routes.auth.signUp,
    async (request, reply) => ({
      user: await service.signUp(app, reply, request.body, request.headers['user-agent']),
    }),
    { config: { rateLimit: limits ? { max: 20, timeWindow: 60 * MINUTE, keyGenerator: ip } : false } },
  );

  route(app, routes.auth.currentUser, async (request) => {
    const me = await requireUser(request);
    return { user: await currentUser(app, me.id) };
  });

  route(app, routes.auth.session, async (request) => {
    const me = await optionalUser(request);
    return { user: me ? await currentUser(app, me.id) : null };
  });

  route(app, routes.auth.signOut, async (request, reply) => {
    await service.signOut(app, request, reply);
    return { ok: true as const };
  });

  await app.register(providerRoutes);
  await app.register(accountRoutes);
}
