import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markReadBody,
  markReadResponse,
  notificationPage,
  notificationsQuery,
} from '../../../shared/api/notifications';
import { requireUser } from '../auth/guard';
import { registerNotificationListeners } from './listeners';
import * as service from './service';

/** GET /api/notifications, POST /api/notifications/read; and the listeners that create notifications. */
export async function notificationsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const tags = ['notifications'];
  registerNotificationListeners(ctx);
  app.get(
    '/api/notifications',
    { schema: { querystring: notificationsQuery, response: { 200: notificationPage }, tags } },
    async (request) => service.listNotifications(ctx, (await requireUser(request)).id, request.query.cursor),
  );
  app.post(
    '/api/notifications/read',
    { schema: { body: markReadBody, response: { 200: markReadResponse }, tags } },
    async (request) => service.markRead(ctx, (await requireUser(request)).id, request.body),
  );
}
