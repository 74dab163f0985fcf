import type { FastifyInstance } from 'fastify';
import { PACT_LIMITS } from '../../../shared/api/pacts';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { perPersonLimit, requireUser } from '../session/guard';
import { createPact, deletePact, updatePact } from './edit-service';
import { joinPact, leavePact, toggleLike } from './membership-service';
import {
  getPact,
  listLikedPacts,
  listLivePacts,
  listMyParticipations,
  listPacts,
  listParticipants,
  listUserParticipations,
} from './read-service';

/** The Pacts API (paths keep "challenge") and the caller's participations and likes: routes.pacts. */
export async function pactsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = routes.pacts;

  route(app, r.list, async (request) => listPacts(ctx, await requireUser(request), request.query));
  route(app, r.live, async (request) => listLivePacts(ctx, await requireUser(request)));
  route(app, r.get, async (request) => getPact(ctx, await requireUser(request), request.params.id));
  route(app, r.participants, async (request) =>
    listParticipants(ctx, await requireUser(request), request.params.id),
  );
  route(app, r.create, async (request, reply) => {
    const created = await createPact(ctx, await requireUser(request), request.body);
    return reply.status(201).send(created);
  });
  route(app, r.update, async (request) =>
    updatePact(ctx, await requireUser(request), request.params.id, request.body),
  );
  route(app, r.remove, async (request) => {
    await deletePact(ctx, await requireUser(request), request.params.id);
    return { ok: true as const };
  });
  route(app, r.join, async (request) => joinPact(ctx, await requireUser(request), request.params.id));
  route(app, r.leave, async (request) => leavePact(ctx, await requireUser(request), request.params.id));
  route(app, r.like, async (request) => toggleLike(ctx, await requireUser(request), request.params.id), {
    config: {
      rateLimit: perPersonLimit(ctx.config, 'like', {
        max: PACT_LIMITS.likeMax,
        windowMs: PACT_LIMITS.likeWindowMs,
      }),
    },
  });

  route(app, r.myParticipations, async (request) => listMyParticipations(ctx, await requireUser(request)));
  route(app, r.userParticipations, async (request) =>
    listUserParticipations(ctx, await requireUser(request), request.params.userId),
  );
  route(app, r.liked, async (request) => listLikedPacts(ctx, await requireUser(request)));
}
