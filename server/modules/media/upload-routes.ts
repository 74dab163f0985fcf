import type { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADS_PATH } from '../../../shared/api/media';
import { routes } from '../../../shared/api/routes';
import { badRequest, notFound } from '../../platform/errors';
import { route } from '../../platform/http-route';
import { applyHeaderSteps, JSON_ANSWER_HEADER_STEPS } from '../../platform/security-headers';
import { isStorageKey } from '../../platform/storage';
import { requireUser } from '../session/guard';
import { abandonUpload } from './remove';
import { checkUploadSoFar, findOwnUpload, type MediaEnv } from './service';
import { setChecked } from './tus';

/**
 * The upload id of a tus request, derived once from the raw URL: exactly `/api/uploads/<id>` and nothing after
 * it. A query string is refused, so no second path can hide in it.
 */
export function uploadIdOf(rawUrl: string | undefined): string {
  const url = new URL(rawUrl ?? '', 'http://upload.local');
  if (url.search || url.hash) throw badRequest('Upload URLs take no query string');
  const prefix = `${UPLOADS_PATH}/`;
  const id = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';
  if (!isStorageKey(id)) throw notFound('Upload not found');
  return id;
}

/**
 * tus endpoints. Fastify must not read the body: every content type gets a no-op parser (in this
 * encapsulated plugin only) and tus takes the raw request after our auth and ownership checks.
 */
export async function uploadRoutes(app: FastifyInstance, opts: { tus: Server; env: MediaEnv }) {
  const { tus, env } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    const user = await requireUser(request);
    const id = request.method === 'POST' ? undefined : uploadIdOf(request.raw.url);
    // Someone else's upload id answers exactly like one that never existed.
    if (id !== undefined) {
      const row = await findOwnUpload(env.ctx, user, id);
      if (request.method === 'PATCH') await checkUploadSoFar(env, row);
      if (request.method === 'DELETE') {
        // tus termination: the row goes (so the quota frees) before the answer; a file in use stays (409).
        await abandonUpload(env.ctx, id);
        return reply.code(204).header('tus-resumable', '1.0.0').send();
      }
    }
    setChecked(request.raw, user, id);
    // tus answers on the raw response, past the app's onSend step: its security headers go on first.
    applyHeaderSteps(reply.raw, JSON_ANSWER_HEADER_STEPS);
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (err) {
      request.log.error({ err }, 'tus upload failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify({ error: 'internal', message: 'Something went wrong' }));
      return;
    }
  }

  route(app, routes.media.uploadCreate, handOver);
  route(app, routes.media.upload, handOver);
}
