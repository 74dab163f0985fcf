import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import * as service from './service';

/** Home's activity and the reminders (routes.activity). */
export async function activityRoutes(app: FastifyInstance) {
  const { ctx } = app;
  route(app, routes.activity.list, async (request) =>
    service.listActivity(ctx, await requireUser(request), request.query.tab),
  );
  route(app, routes.activity.reminders, async (request) =>
    service.listReminders(ctx, await requireUser(request)),
  );
}
