import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponse } from '../../../shared/api/common';
import {
  challenge,
  challengeIdParams,
  challengePage,
  createChallengeBody,
  leaveResponse,
  likeResponse,
  listChallengesQuery,
  participant,
  participation,
  reportChallengeBody,
  updateChallengeBody,
} from '../../../shared/api/pacts';
import { participationsUserParams } from '../../../shared/api/users';
import { requireUser } from '../auth/guard';
import * as service from './service';

/** The Pacts API (paths keep "challenge") and the caller's participations and likes. */
export async function pactsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const tags = ['pacts'];
  const params = challengeIdParams;

  app.get(
    '/api/challenges',
    { schema: { querystring: listChallengesQuery, response: { 200: challengePage }, tags } },
    async (request) => service.listChallenges(ctx, await requireUser(request), request.query),
  );
  app.get(
    '/api/challenges/live',
    { schema: { response: { 200: z.array(challenge) }, tags } },
    async (request) => service.listLiveChallenges(ctx, await requireUser(request)),
  );
  app.get(
    '/api/challenges/:id',
    { schema: { params, response: { 200: challenge }, tags } },
    async (request) => service.getChallenge(ctx, await requireUser(request), request.params.id),
  );
  app.get(
    '/api/challenges/:id/participants',
    { schema: { params, response: { 200: z.array(participant) }, tags } },
    async (request) => service.listParticipants(ctx, await requireUser(request), request.params.id),
  );
  app.post(
    '/api/challenges',
    { schema: { body: createChallengeBody, response: { 201: challenge }, tags } },
    async (request, reply) => {
      const created = await service.createPact(ctx, await requireUser(request), request.body);
      return reply.status(201).send(created);
    },
  );
  app.patch(
    '/api/challenges/:id',
    { schema: { params, body: updateChallengeBody, response: { 200: challenge }, tags } },
    async (request) => service.updatePact(ctx, await requireUser(request), request.params.id, request.body),
  );
  app.delete(
    '/api/challenges/:id',
    { schema: { params, response: { 200: okResponse }, tags } },
    async (request) => {
      await service.deletePact(ctx, await requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/challenges/:id/join',
    { schema: { params, response: { 200: participation }, tags } },
    async (request) => service.joinPact(ctx, await requireUser(request), request.params.id),
  );
  app.post(
    '/api/challenges/:id/leave',
    { schema: { params, response: { 200: leaveResponse }, tags } },
    async (request) => service.leavePact(ctx, await requireUser(request), request.params.id),
  );
  app.post(
    '/api/challenges/:id/like',
    { schema: { params, response: { 200: likeResponse }, tags } },
    async (request) => service.toggleLike(ctx, await requireUser(request), request.params.id),
  );
  app.post(
    '/api/challenges/:id/report',
    { schema: { params, body: reportChallengeBody, response: { 200: okResponse }, tags } },
    async (request) =>
      service.reportPact(ctx, await requireUser(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/user/participations',
    { schema: { response: { 200: z.array(participation) }, tags } },
    async (request) => service.listMyParticipations(ctx, await requireUser(request)),
  );
  app.get(
    '/api/user/participations/:userId',
    { schema: { params: participationsUserParams, response: { 200: z.array(participation) }, tags } },
    async (request) => service.listUserParticipations(ctx, await requireUser(request), request.params.userId),
  );
  app.get('/api/user/likes', { schema: { response: { 200: z.array(challenge) }, tags } }, async (request) =>
    service.listLikedChallenges(ctx, await requireUser(request)),
  );
}
