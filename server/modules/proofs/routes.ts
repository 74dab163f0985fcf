import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { approveProofBody, CHAT_LIMITS, chatMessage, createProofBody } from '../../../shared/api/chat';
import { challengeIdParams } from '../../../shared/api/pacts';
import type { AppContext } from '../../context';
import { requireUser } from '../auth/guard';
import type { MediaRow } from '../media/repo';
import { type MediaViewer, registerMediaAccess } from '../media/service';
import * as repo from './repo';
import { approveProof, createProof } from './service';

/** A proof's video and thumbnail play for exactly those who may see its Pact (and are not blocked with its author). */
async function proofMediaAccess(ctx: AppContext, viewer: MediaViewer, row: MediaRow) {
  return viewer !== null && (await repo.isMediaOfVisibleProof(ctx.db, viewer.id, row.id));
}

/** Posting video proofs and deciding them (DECISIONS 5). */
export async function proofsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const tags = ['proofs'];
  const params = challengeIdParams;
  registerMediaAccess('proof', proofMediaAccess);
  registerMediaAccess('thumbnail', proofMediaAccess);
  const perUser = async (request: import('fastify').FastifyRequest) =>
    `proof:${(await requireUser(request)).id}`;
  const limit = ctx.config.DISABLE_RATE_LIMIT
    ? false
    : {
        max: CHAT_LIMITS.sendMax,
        timeWindow: CHAT_LIMITS.sendWindowMs,
        hook: 'preHandler' as const,
        keyGenerator: perUser,
      };

  app.post(
    '/api/challenges/:id/proofs',
    {
      schema: { params, body: createProofBody, response: { 200: chatMessage, 201: chatMessage }, tags },
      config: { rateLimit: limit },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const { created, message } = await createProof(ctx, me, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/challenges/:id/approve',
    { schema: { params, body: approveProofBody, response: { 200: chatMessage }, tags } },
    async (request) => approveProof(ctx, await requireUser(request), request.params.id, request.body),
  );
}
