import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS } from '../../../shared/api/chat';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { perPersonLimit, requireUser } from '../auth/guard';
import { approveProof, createProof } from './service';

/** Posting video proofs and deciding them (docs/CHAT.md "Proofs"): routes.proofs. */
export async function proofsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const limit = perPersonLimit(ctx.config, 'proof', {
    max: CHAT_LIMITS.sendMax,
    windowMs: CHAT_LIMITS.sendWindowMs,
  });

  route(
    app,
    routes.proofs.create,
    async (request, reply) => {
      const me = await requireUser(request);
      const { created, message } = await createProof(ctx, me, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
    { config: { rateLimit: limit } },
  );

  route(app, routes.proofs.approve, async (request) =>
    approveProof(ctx, await requireUser(request), request.params.id, request.body),
  );
}
