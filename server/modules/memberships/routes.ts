import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import * as subs from './subscriptions';

/** A member's subscription to a team (routes.teams), and the billing mode and test clock (routes.billing). */
export async function membershipsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const t = routes.teams;
  const b = routes.billing;

  route(app, t.subscribe, async (request) =>
    subs.subscribe(ctx, await requireUser(request), request.params.id),
  );
  route(app, t.cancel, async (request) =>
    subs.cancelSubscription(ctx, await requireUser(request), request.params.id),
  );
  route(app, t.resume, async (request) =>
    subs.resumeSubscription(ctx, await requireUser(request), request.params.id),
  );
  route(app, t.manage, async (request) => subs.manageUrl(ctx, await requireUser(request), request.params.id));
  route(app, t.testCard, async (request) =>
    subs.setTestCard(ctx, await requireUser(request), request.params.id, request.body.simulatePaymentFailure),
  );

  route(app, b.mode, async (request) => {
    await requireUser(request);
    return subs.billingMode(ctx);
  });
  route(app, b.clock, async (request) => subs.getClock(ctx, await requireUser(request)));
  route(app, b.advanceClock, async (request) =>
    subs.advanceClock(ctx, await requireUser(request), request.body),
  );
}
