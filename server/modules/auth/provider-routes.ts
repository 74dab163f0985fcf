import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { oauthCallbackQuery, oauthProviderParams } from '../../../shared/api/auth-providers';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import {
  cancelProviderSignup,
  completeProviderSignup,
  failurePath,
  finishProviderSignIn,
  pendingSignup,
  startProviderSignIn,
} from './provider-service';
import { configuredProviders } from './providers';

const MINUTE = 60_000;

/**
 * Provider sign-in: which providers are on, the redirect to the provider, its answer, and the date-of-birth step
 * that a new account passes before it exists. The browser navigates to the first three, so they answer redirects.
 */
export async function providerRoutes(app: FastifyInstance) {
  // The pending sign-up cookie is the only cookie read or set through Fastify (better-auth reads its own from the
  // header), so cookies are parsed for these routes alone rather than on every request of the app.
  await app.register(cookie);
  const limits = !app.ctx.config.DISABLE_RATE_LIMIT;
  const perAddress = (max: number, minutes: number) => ({
    rateLimit: limits
      ? { max, timeWindow: minutes * MINUTE, keyGenerator: (r: { ip: string }) => r.ip }
      : (false as const),
  });

  route(app, routes.auth.providers, async () => configuredProviders(app.ctx.config));

  route(
    app,
    routes.auth.providerStart,
    async (request, reply) => reply.redirect(await startProviderSignIn(app, reply, request.params.provider)),
    { config: perAddress(60, 15), exposeHeadRoute: false },
  );

  route(
    app,
    routes.auth.providerCallback,
    async (request, reply) =>
      reply.redirect(await finishProviderSignIn(app, request, reply, request.params.provider, request.query)),
    {
      config: perAddress(60, 15),
      exposeHeadRoute: false,
      // A person is looking: a malformed answer is a failed sign-in on the sign-in screen, not a JSON error.
      onInvalidInput: (request, reply) =>
        reply.redirect(failurePath('provider_error', providerOf(request.params))),
    },
  );

  // Apple posts its answer as a form. It is turned into the GET above, which then carries the browser's
  // SameSite=Lax state cookie; the form parser stays inside this one route's scope.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    route(
      scope,
      routes.auth.providerFormCallback,
      async (request, reply) => {
        const form = oauthCallbackQuery.safeParse(request.body ?? {});
        if (!form.success) return reply.redirect(failurePath('provider_error', request.params.provider), 303);
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(form.data)) if (value !== undefined) query.set(key, value);
        return reply.redirect(`/api/auth/callback/${request.params.provider}?${query}`, 303);
      },
      { config: perAddress(60, 15) },
    );
  });

  route(app, routes.auth.pendingProviderSignup, async (request, reply) => pendingSignup(app, request, reply));

  route(
    app,
    routes.auth.completeProviderSignup,
    async (request, reply) => ({ user: await completeProviderSignup(app, request, reply, request.body) }),
    { config: perAddress(20, 60) },
  );

  route(app, routes.auth.cancelProviderSignup, async (request, reply) => {
    await cancelProviderSignup(app, request, reply);
    return { ok: true as const };
  });
}

/** The provider named in the path when it is one of ours (else the failure names none). */
function providerOf(params: unknown) {
  const parsed = oauthProviderParams.safeParse(params);
  return parsed.success ? parsed.data.provider : undefined;
}
