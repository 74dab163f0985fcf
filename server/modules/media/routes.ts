import type { FastifyInstance } from 'fastify';
import { STRING_ID_RE } from '../../../shared/api/ids';
import { routes } from '../../../shared/api/routes';
import { notFound } from '../../platform/errors';
import { route } from '../../platform/http-route';
import { registerJobs } from '../../platform/jobs';
import { optionalUser, requireUser } from '../session/guard';
import { mediaEnvFor } from './env';
import { sendMedia } from './playback';
import { describeMedia, getPlayableMedia } from './service';
import { sweepUnusedMedia } from './sweep';
import { createTusServer } from './tus';
import { uploadRoutes } from './upload-routes';

/** Uploads (tus at /api/uploads), playback (/media/:id) and descriptors (/api/media/:id): routes.media. */
export async function mediaRoutes(app: FastifyInstance) {
  const { datastore, ...env } = mediaEnvFor(app.ctx);

  await app.register(uploadRoutes, { tus: createTusServer(env, datastore), env });

  route(app, routes.media.play, async (request, reply) => {
    // A URL that cannot name media names none: 404 like an unknown id, as a <video> expects.
    const { id } = request.params as { id: string };
    if (!STRING_ID_RE.test(id)) throw notFound('Media not found');
    const row = await getPlayableMedia(app.ctx, await optionalUser(request), id);
    return sendMedia(request, reply, env.storage, row);
  });

  route(app, routes.media.describe, async (request) => {
    const row = await getPlayableMedia(app.ctx, await requireUser(request), request.params.id);
    return describeMedia(row);
  });

  registerJobs(app, [{ name: 'media-sweep', everyMs: 60 * 60_000, run: () => sweepUnusedMedia(app.ctx) }]);
}
