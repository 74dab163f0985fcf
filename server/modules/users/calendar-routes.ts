import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import { getCalendar } from './calendar-service';

/** GET /api/user/calendar?month=YYYY-MM: the caller's approved workouts by day (profile calendar). */
export async function calendarRoutes(app: FastifyInstance) {
  route(app, routes.users.calendar, async (request) =>
    getCalendar(app.ctx, await requireUser(request), request.query.month),
  );
}
