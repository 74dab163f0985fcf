import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../../shared/api/routes';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/http-route';
import { requireUser } from '../session/guard';
import * as service from './service';
import * as waitlist from './waitlist';

/** Waitlist sign-ups per user an hour (stored once per mailbox anyway; this stops filling it with addresses). */
const WAITLIST_MAX_PER_HOUR = 5;

/**
 * Pro teams (routes.teams; a team's page is screens/routes.ts) and joining the waitlist, its links and admin screen (routes.waitlist). Subscribing and
 * the billing clock are memberships/routes.ts.
 */
export async function teamsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const t = routes.teams;
  const waitlistLimit = ctx.config.DISABLE_RATE_LIMIT
    ? false
    : {
        max: WAITLIST_MAX_PER_HOUR,
        timeWindow: 3600_000,
        hook: 'preHandler' as const,
        keyGenerator: async (request: FastifyRequest) => `waitlist:${(await requireUser(request)).id}`,
        errorResponseBuilder: () =>
          new AppError(429, 'Too many waitlist requests. Please try again later.', 'rate_limited'),
      };

  route(app, t.list, async (request) => service.listTeams(ctx, await requireUser(request)));
  route(app, t.mine, async (request) => service.myTeams(ctx, await requireUser(request)));
  route(
    app,
    t.joinWaitlist,
    async (request) => waitlist.joinWaitlist(ctx, await requireUser(request), request.body.email),
    { config: { rateLimit: waitlistLimit } },
  );
  route(app, t.waitlist, async (request) => waitlist.waitlistStatus(ctx, await requireUser(request)));

  const w = routes.waitlist;
  route(app, w.confirm, async (request) => waitlist.confirmWaitlist(ctx, request.body.token));
  route(app, w.leave, async (request) => waitlist.leaveWaitlist(ctx, request.body.token));
  route(app, w.adminList, async (request) => waitlist.adminWaitlist(ctx, await requireUser(request)));
  route(app, w.adminCsv, async (request, reply) => {
    const file = await waitlist.adminWaitlistCsv(ctx, await requireUser(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  route(app, w.launchMail, async (request) => waitlist.sendLaunchMail(ctx, await requireUser(request)));
}
