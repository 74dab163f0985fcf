import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request whose Origin (or, lacking it, Referer) is foreign.
 * Requests with neither header come from non-browser clients, which carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!origin) return;
    if (trusted.has(origin)) return;
    const host = request.headers.host;
    if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
    throw new AppError(403, 'Request refused: foreign origin', 'foreign_origin');
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
