import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/** Turns every failure into `{ error, message }` JSON: 4xx with a clear message, 5xx generic. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ error: err.code, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '';
      const keys = (first?.params as { issue?: { keys?: string[] } } | undefined)?.issue?.keys;
      const field = keys?.length ? keys.join(', ') : where;
      const message = field
        ? `${field}: ${first?.message ?? 'is invalid'}`
        : (first?.message ?? 'Invalid request');
      return reply.status(400).send({ error: 'validation', message, field: field || undefined });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: 'internal', message: 'Something went wrong' });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: 'rate_limited', message: 'Too many attempts. Please wait and try again.' });
    }
    if (status >= 400 && status < 500) {
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : err.message;
      return reply.status(status).send({ error: 'bad_request', message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: 'Something went wrong' });
  });
}
