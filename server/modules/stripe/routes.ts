import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { conflict, notFound } from '../../platform/errors';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';

/** Stripe sends events of a few KB; this leaves room for a subscription with many items. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const NOT_CONFIGURED = 'Billing runs in the built-in test mode here: Stripe is not configured.';

/**
 * Stripe's webhook and coaches' payout onboarding (routes.stripe). The Stripe package is loaded only when Stripe
 * is configured, so test mode starts without it.
 */
export async function stripeRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const service = ctx.config.stripe ? await import('./service') : null;
  if (ctx.config.stripe) (await import('./provider')).registerStripeBilling();

  route(app, routes.stripe.connect, async (request) => {
    const me = await requireUser(request);
    if (!service) throw conflict(NOT_CONFIGURED);
    return service.connectLink(ctx, me);
  });

  // The signature covers the exact bytes Stripe sent: in this plugin every body stays a raw Buffer.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    route(raw, routes.stripe.webhook, async (request, reply) => {
      if (!service) throw notFound(NOT_CONFIGURED);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return reply.send(await service.receiveWebhook(ctx, body, request.headers['stripe-signature']));
    });
  });
}
