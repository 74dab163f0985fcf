import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarQuery, calendarResponse } from '../../../shared/api/calendar';
import { requireUser } from '../auth/guard';
import { getCalendar } from './calendar-service';

/** GET /api/user/calendar?month=YYYY-MM: the caller's approved workouts by day (profile calendar). */
export async function calendarRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/user/calendar',
    { schema: { querystring: calendarQuery, response: { 200: calendarResponse }, tags: ['users'] } },
    async (request) => getCalendar(root.ctx, await requireUser(request), request.query.month),
  );
}
