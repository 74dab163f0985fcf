import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import { vapidDetails } from './push-keys';
import * as push from './push-service';
import * as service from './service';

/** The caller's notifications and push devices (routes.notifications). */
export async function notificationsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // A half or broken VAPID configuration stops the start, not the first push.
  vapidDetails(ctx.config);
  route(app, routes.notifications.list, async (request) =>
    service.listNotifications(ctx, (await requireUser(request)).id, request.query.cursor),
  );
  route(app, routes.notifications.markRead, async (request) =>
    service.markRead(ctx, (await requireUser(request)).id, request.body),
  );
  route(app, routes.notifications.pushKey, async (request) => {
    await requireUser(request);
    return push.publicKey(ctx);
  });
  route(app, routes.notifications.subscribePush, async (request) =>
    push.subscribe(ctx, (await requireUser(request)).id, request.body),
  );
  route(app, routes.notifications.unsubscribePush, async (request) =>
    push.unsubscribe(ctx, (await requireUser(request)).id, request.body.endpoint),
  );
}
