import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mediaDescriptor, mediaIdParams } from '../../../shared/api/media';
import { registerJobs } from '../../platform/jobs';
import { optionalUser, requireUser } from '../auth/guard';
import { sendMedia } from './playback';
import {
  describeMedia,
  getPlayableMedia,
  registerMediaAccess,
  STALE_UPLOAD_MS,
  sweepStaleUploads,
  tutorialOfVisiblePact,
} from './service';
import { createDatastore, createMediaEnv, createTusServer } from './tus';
import { uploadRoutes } from './upload-routes';

/** Uploads (tus at /api/uploads), playback (/media/:id) and descriptors (/api/media/:id). */
export async function mediaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const datastore = createDatastore(app.ctx);
  const env = createMediaEnv(app.ctx, datastore);
  registerMediaAccess('tutorial', tutorialOfVisiblePact);

  await app.register(uploadRoutes, { tus: createTusServer(env, datastore), env });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/:id',
    schema: { params: mediaIdParams, hide: true },
    handler: async (request, reply) => {
      const row = await getPlayableMedia(app.ctx, await optionalUser(request), request.params.id);
      return sendMedia(request, reply, env.storage, row);
    },
  });

  app.get(
    '/api/media/:id',
    { schema: { params: mediaIdParams, response: { 200: mediaDescriptor } } },
    async (request) => {
      const row = await getPlayableMedia(app.ctx, await requireUser(request), request.params.id);
      return describeMedia(row);
    },
  );

  registerJobs(app, [
    { name: 'media-stale-uploads', everyMs: STALE_UPLOAD_MS / 24, run: () => sweepStaleUploads(env) },
  ]);
}
