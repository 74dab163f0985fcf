import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerReadinessGate } from './readiness';

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An app shaped like ours: an API route, the static files' wildcard route and the page from the not-found handler. */
async function appWithGate(ready: Promise<void>) {
  const app = Fastify({ logger: false });
  registerReadinessGate(app, ready);
  const served: string[] = [];
  app.get('/api/pacts', async () => {
    served.push('api');
    return { pacts: [] };
  });
  // Like @fastify/static: a file it has, else the not-found handler (the page, for the client's routes).
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/assets/')) return reply.send('asset');
    return reply.callNotFound();
  });
  app.setNotFoundHandler(async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
  await app.ready();
  return { app, served };
}

const settled = async <T>(p: Promise<T>) => {
  let done = false;
  p.then(() => {
    done = true;
  });
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  return done;
};

describe('the readiness gate (a start serves the page while the database starts)', () => {
  it('answers the page and its files at once and holds API requests until the database is ready', async () => {
    const db = deferred();
    const { app, served } = await appWithGate(db.promise);
    const page = await app.inject({ url: '/pacts/12' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<!doctype html>');
    expect((await app.inject({ url: '/assets/index.js' })).body).toBe('asset');

    const api = app.inject({ url: '/api/pacts' });
    expect(await settled(api)).toBe(false);
    expect(served).toEqual([]);
    db.resolve();
    const answer = await api;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ pacts: [] });
    expect(served).toEqual(['api']);
    // Once open, requests pass straight through.
    expect((await app.inject({ url: '/api/pacts' })).statusCode).toBe(200);
    await expect(app.databaseReady).resolves.toBeUndefined();
    await app.close();
  });

  it('answers held and later API requests with an error when the database cannot start, and never runs them', async () => {
    const db = deferred();
    const { app, served } = await appWithGate(db.promise);
    const api = app.inject({ url: '/api/pacts' });
    db.reject(new Error('data folder is damaged'));
    expect((await api).statusCode).toBe(500);
    expect((await app.inject({ url: '/api/pacts' })).statusCode).toBe(500);
    expect(served).toEqual([]);
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
    await app.close();
  });
});
