import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityQuery, activityResponse, remindersResponse } from '../../../shared/api/activity';
import { requireUser } from '../auth/guard';
import * as service from './service';

/** GET /api/user/activity?tab=friends|near and GET /api/user/reminders. */
export async function activityRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const tags = ['activity'];
  app.get(
    '/api/user/activity',
    { schema: { querystring: activityQuery, response: { 200: activityResponse }, tags } },
    async (request) => service.listActivity(ctx, await requireUser(request), request.query.tab),
  );
  app.get(
    '/api/user/reminders',
    { schema: { response: { 200: remindersResponse }, tags } },
    async (request) => service.listReminders(ctx, await requireUser(request)),
  );
}
