import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once the database is started, migrated and holds the built-in rows (at once in tests). */
    databaseReady: Promise<void>;
  }
}

/** The route @fastify/static answers on (`wildcard: true`): the built page's files, which need no database. */
const STATIC_ROUTE = '/*';

/**
 * A fresh start serves the page and its files at once and lets every other request (the API, media, the
 * WebSocket upgrade) wait until `ready` settles: the embedded database's start and migrations then overlap with
 * the browser loading the page, instead of coming before the first byte. Once ready, the check is one boolean.
 */
export function registerReadinessGate(app: FastifyInstance, ready: Promise<void>) {
  let open = false;
  ready.then(
    () => {
      open = true;
    },
    (err) => app.log.error({ err }, 'the database could not be started'),
  );
  app.decorate('databaseReady', ready);
  app.addHook('onRequest', (request, _reply, done) => {
    if (open) return done();
    const route = request.routeOptions.url;
    // No route: the not-found handler, which answers the page (or a 404) without the database.
    if (route === undefined || route === STATIC_ROUTE) return done();
    ready.then(() => done(), done);
  });
}
