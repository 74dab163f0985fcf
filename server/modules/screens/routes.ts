import type { FastifyInstance } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import { updateTeam } from '../teams/service';
import { getUserProfile } from './profile-view';
import { getTeam } from './team-view';

/**
 * Pages composed from several modules (docs/ARCHITECTURE.md, "Screens"): a person's profile (GET /api/users/:id)
 * and a team's page (GET /api/teams/:id, and PATCH, which answers with the page). The modules they read stay leaves.
 */
export async function screensRoutes(app: FastifyInstance) {
  const { ctx } = app;
  route(app, routes.users.get, async (request) =>
    getUserProfile(ctx, await requireUser(request), request.params.id),
  );
  route(app, routes.teams.get, async (request) =>
    getTeam(ctx, await requireUser(request), request.params.id),
  );
  route(app, routes.teams.update, async (request) => {
    const me = await requireUser(request);
    await updateTeam(ctx, me, request.params.id, request.body);
    return getTeam(ctx, me, request.params.id);
  });
}
