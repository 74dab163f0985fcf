import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS } from '../../../shared/api/chat';
import { routes } from '../../../shared/api/routes';
import { route } from '../../platform/http-route';
import { perPersonLimit, requireUser } from '../session/guard';
import { issueCodeWord } from './challenges';
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

  // A code word per recording: at most one a second on average, so a person may retry but cannot fill the table.
  const codeWordLimit = perPersonLimit(ctx.config, 'proof-code-word', { max: 30, windowMs: 60_000 });
  route(
    app,
    routes.proofs.codeWord,
    async (request, reply) => {
      const challenge = await issueCodeWord(ctx, await requireUser(request), request.params.id);
      return reply.status(201).send(challenge);
    },
    { config: { rateLimit: codeWordLimit } },
  );

  route(app, routes.proofs.approve, async (request) =>
    approveProof(ctx, await requireUser(request), request.params.id, request.body),
  );
}
