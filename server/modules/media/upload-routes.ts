import type { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADS_PATH } from '../../../shared/api/media';
import { requireUser } from '../auth/guard';
import { checkUploadSoFar, findOwnUpload, forgetUpload, type MediaEnv } from './service';
import { setUploader } from './tus';

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
    const id = (request.params as { id?: string }).id;
    // Someone else's upload id answers exactly like one that never existed.
    if (id !== undefined) {
      const row = await findOwnUpload(env.ctx, user, id);
      if (request.method === 'PATCH') await checkUploadSoFar(env, row);
    }
    setUploader(request.raw, user);
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (err) {
      request.log.error({ err }, 'tus upload failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify({ error: 'internal', message: 'Something went wrong' }));
      return;
    }
    if (request.method === 'DELETE' && id !== undefined && reply.raw.statusCode === 204) {
      await forgetUpload(env.ctx, id);
    }
  }

  const hidden = { schema: { hide: true } };
  app.post(UPLOADS_PATH, hidden, handOver);
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${UPLOADS_PATH}/:id`,
    ...hidden,
    handler: handOver,
  });
}
