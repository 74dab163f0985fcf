import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../auth/guard';
import * as service from './service';

/** The caller's notifications (routes.notifications). */
export async function notificationsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  route(app, routes.notifications.list, async (request) =>
    service.listNotifications(ctx, (await requireUser(request)).id, request.query.cursor),
  );
  route(app, routes.notifications.markRead, async (request) =>
    service.markRead(ctx, (await requireUser(request)).id, request.body),
  );
}
