import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import * as service from './service';

/** The Settings screen's Privacy & Data toggles, kept per user on the server: routes.settings. */
export async function settingsRoutes(app: FastifyInstance) {
  route(app, routes.settings.get, async (request) => {
    const me = await requireUser(request);
    return service.getSettings(app.ctx, me.id);
  });
  route(app, routes.settings.update, async (request) => {
    const me = await requireUser(request);
    return service.saveSettings(app.ctx, me.id, request.body);
  });
}
