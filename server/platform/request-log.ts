import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request (docs/ARCHITECTURE.md, "Logs"): Fastify's default writes two at `info`, "incoming
 * request" and "request completed", each a write to stdout. Here the arrival writes nothing and the completion
 * line carries the request too (method, url, host, address), its status and time. A failed answer is still logged
 * as Fastify logs it ("request errored", the error handler's own lines, stream errors).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
