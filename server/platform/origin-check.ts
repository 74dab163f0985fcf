import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses every state-changing request whose Origin (or, lacking it, Referer) is foreign.
 * Requests with neither header come from non-browser clients, which carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  // A callback hook, not an async one: most requests are GETs, and a promise per request for them costs more than
  // the check.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE.has(request.method) || isTrustedOrigin(request.headers, trusted)) return done();
    done(new AppError(403, 'Request refused: foreign origin', 'foreign_origin'));
  });
}

/** The rule above for one request's headers (also used for WebSocket upgrades, which are GETs). */
export function isTrustedOrigin(
  headers: { origin?: string; referer?: string; host?: string },
  trusted: ReadonlySet<string>,
): boolean {
  const origin = headers.origin ?? refererOrigin(headers.referer);
  if (!origin) return true;
  if (trusted.has(origin)) return true;
  const host = headers.host;
  return Boolean(host && (origin === `http://${host}` || origin === `https://${host}`));
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
