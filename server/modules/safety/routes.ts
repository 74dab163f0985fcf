import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/api/common';
import {
  blockResponse,
  blocksResponse,
  moderationQueue,
  moderationQueueQuery,
  reportIdParams,
  reportUserBody,
  resolveReportBody,
  resolveReportResponse,
} from '../../../shared/api/safety';
import { userIdParams } from '../../../shared/api/users';
import { requireUser } from '../auth/guard';
import * as moderation from './moderation-service';
import * as service from './service';

/** Block, unblock, the caller's blocks, reporting users, and the admin moderation queue. */
export async function safetyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { ctx } = root;
  const tags = ['safety'];
  const params = userIdParams;

  app.post(
    '/api/users/:id/block',
    { schema: { params, response: { 200: blockResponse }, tags } },
    async (request) => service.blockUser(ctx, (await requireUser(request)).id, request.params.id),
  );
  app.delete(
    '/api/users/:id/block',
    { schema: { params, response: { 200: blockResponse }, tags } },
    async (request) => service.unblockUser(ctx, (await requireUser(request)).id, request.params.id),
  );
  app.get('/api/user/blocks', { schema: { response: { 200: blocksResponse }, tags } }, async (request) =>
    service.listBlocks(ctx, (await requireUser(request)).id),
  );
  app.post(
    '/api/users/:id/report',
    { schema: { params, body: reportUserBody, response: { 200: okResponse }, tags } },
    async (request) =>
      service.reportUser(ctx, (await requireUser(request)).id, request.params.id, request.body.reason),
  );
  app.get(
    '/api/admin/reports',
    { schema: { querystring: moderationQueueQuery, response: { 200: moderationQueue }, tags } },
    async (request) => moderation.listQueue(ctx, await requireUser(request), request.query.cursor),
  );
  app.post(
    '/api/admin/reports/:id/resolve',
    {
      schema: {
        params: reportIdParams,
        body: resolveReportBody,
        response: { 200: resolveReportResponse },
        tags,
      },
    },
    async (request) =>
      moderation.resolveReport(ctx, await requireUser(request), request.params.id, request.body.action),
  );
}
