import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import * as service from './service';

/** The caller's blocks (routes.safety; blocking, reports and the admin queue are moderation/routes.ts). */
export async function safetyRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = routes.safety;

  route(app, r.blocks, async (request) => service.listBlocks(ctx, (await requireUser(request)).id));
}
