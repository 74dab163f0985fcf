import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authProviders,
  authUserResponse,
  DEMO_CREDENTIALS,
  signInBody,
  signUpBody,
} from '../../../shared/api/auth';
import { okResponse } from '../../../shared/api/common';
import { requireUser } from './guard';
import * as service from './service';

const MINUTE = 60_000;
const signInMax = (_request: unknown, key: string) => (key.endsWith(`:${DEMO_CREDENTIALS.email}`) ? 60 : 10);

/** Sign-up, sign-in (and Try Demo), the current user, sign-out. */
export async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const limits = !root.ctx.config.DISABLE_RATE_LIMIT;
  const ip = (r: { ip: string }) => r.ip;
  const byIpAndEmail = (r: { ip: string; body?: unknown }) =>
    `${r.ip}:${String((r.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}`;

  app.post(
    '/api/auth/email',
    {
      schema: { body: signInBody, response: { 200: authUserResponse }, tags: ['auth'] },
      // Guesses at one account from one address; Try Demo (one shared email) gets a wider allowance.
      config: {
        rateLimit: limits
          ? { max: signInMax, timeWindow: 15 * MINUTE, hook: 'preHandler', keyGenerator: byIpAndEmail }
          : false,
      },
    },
    async (request, reply) => ({ user: await service.signIn(root, reply, request.body) }),
  );

  app.post(
    '/api/auth/signup',
    {
      schema: { body: signUpBody, response: { 200: authUserResponse }, tags: ['auth'] },
      config: { rateLimit: limits ? { max: 20, timeWindow: 60 * MINUTE, keyGenerator: ip } : false },
    },
    async (request, reply) => ({ user: await service.signUp(root, reply, request.body) }),
  );

  app.get(
    '/api/auth/user',
    { schema: { response: { 200: authUserResponse }, tags: ['auth'] } },
    async (request) => {
      const me = await requireUser(request);
      return { user: await service.currentUser(root, me.id) };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { response: { 200: okResponse }, tags: ['auth'] } },
    async (request, reply) => {
      await service.signOut(root, request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/providers',
    { schema: { response: { 200: authProviders }, tags: ['auth'] } },
    // The OAuth flow (authorization code with PKCE, DECISIONS 3) is not built yet, so no provider is offered even
    // when its keys are set: an enabled button would lead nowhere. The client already enables a button on true.
    async () => ({ google: false, apple: false, facebook: false }),
  );
}
