import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HelmetOptions } from 'helmet';
import { routes } from '../shared/api/routes';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { registerModules, seedModules } from './modules';
import { clientDistDir, dbTemplateDir } from './paths';
import { registerCompression } from './platform/compression';
import { EventBus } from './platform/events';
import {
  FIRST_PAINT_LOADER,
  firstPaint,
  loadRenderer,
  type Renderer,
  screenChunks,
} from './platform/first-paint';
import { registerErrorHandling } from './platform/http-errors';
import { route } from './platform/http-route';
import { inlineScriptHashes } from './platform/inline-scripts';
import { registerOpenApi } from './platform/openapi';
import { registerOriginCheck } from './platform/origin-check';
import { createLimiter, setLimiter } from './platform/rate-limit';
import { registerReadinessGate } from './platform/readiness';
import { createBus } from './platform/realtime/bus';
import { OneLinePerRequest } from './platform/request-log';
import { registerSecurityHeaders } from './platform/security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: Config;
  /** An already open database (tests); otherwise opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Prefix of the real-time bus channels in Redis (tests isolate parallel runs with it). */
  realtimePrefix?: string;
  /** The built client's folder (tests serve a page of their own); dist/client otherwise. */
  clientDir?: string;
  /** What draws a screen into the page (tests pass the client's source module); dist/ssr's otherwise. */
  renderer?: Renderer;
}

/** Builds the whole app without listening: `main.ts` listens, tests use `app.inject`. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: {
              paths: [
                'req.headers.cookie',
                'req.headers.authorization',
                'res.headers["set-cookie"]',
                '*.password',
              ],
              censor: '[redacted]',
            },
          },
    logController: new OneLinePerRequest(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    forceCloseConnections: false,
    return503OnClosing: true,
    // Every schema is zod: its compilers from the start, so Fastify never loads (and builds) Ajv and
    // fast-json-stringify only to have them replaced. (Fastify types these factories for Ajv's schemas.)
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  const database =
    opts.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dir: path.join(config.dataDir, 'db'),
      template: dbTemplateDir,
      onIdleError: (err) => app.log.warn({ err }, 'database connection lost; it will be reopened'),
    }));
  // The embedded database finishes starting and migrating while the plugins and routes below register (they do not
  // query it) and, on a start, while the server already serves the page (registerReadinessGate).
  const migrated = opts.database ? Promise.resolve() : database.migrate();
  app.decorate('ctx', {
    config,
    database,
    db: database.db,
    events: new EventBus(app.log),
    realtime: createBus({ redisUrl: config.REDIS_URL, prefix: opts.realtimePrefix, log: app.log }),
  } satisfies AppContext);
  registerReadinessGate(
    app,
    migrated.then(() => seedModules(app.ctx)),
  );
  app.addHook('onClose', () => app.ctx.realtime.close());
  if (!opts.database) app.addHook('onClose', () => database.close());

  registerErrorHandling(app);

  const clientDir = opts.clientDir ?? clientDistDir;
  const clientIndex = readClientIndex(config, clientDir);
  registerSecurityHeaders(app, securityHeaderOptions(config, clientIndex));
  // No cookie plugin here: cookies are parsed only where Fastify reads one (auth/provider-routes.ts); better-auth
  // reads its own from the header.
  await registerCompression(app);
  // Limits are per route (sign-in, sign-up, ...); shared through Redis when several instances run, per instance
  // while Redis is away. The prefix keeps tests' counters apart: Redis keeps them across runs.
  const limiter = createLimiter({
    redisUrl: config.REDIS_URL,
    prefix: opts.realtimePrefix ?? 'sweatpact:',
    log: app.log,
  });
  setLimiter(app.ctx, limiter);
  app.addHook('onClose', () => limiter.close());
  await app.register(rateLimit, { global: false, store: limiter.Store });
  await registerOpenApi(app);
  registerOriginCheck(app, config.trustedOrigins);

  route(app, routes.platform.health, async () => ({ ok: true as const, database: database.kind }));

  await registerModules(app);

  const renderer = clientIndex == null ? null : (opts.renderer ?? (await loadRenderer(clientDir)));
  const sendIndex = pageSender(clientIndex, renderer, clientDir);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
    }
    return sendIndex(request, reply);
  });
  await serveClient(app, sendIndex, clientIndex, clientDir);
  // Tests get an app whose data is in place; `main.ts` listens first and stops if the database cannot start.
  if (opts.database) await app.databaseReady;
  return app;
}

/** helmet's options for this app: the CSP names the page's inline script by hash and our own WebSocket origins. */
export function securityHeaderOptions(config: Config, clientIndex: string | null): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The built page's inline scripts (the theme before the first paint; the notice when the app's script does
        // not arrive) and, on a page the server drew, the script that loads the app after the picture
        // (platform/first-paint.ts) are allowed by their hashes.
        scriptSrc: [
          "'self'",
          ...inlineScriptHashes(clientIndex == null ? '' : clientIndex + FIRST_PAINT_LOADER),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        // WebSockets only to our own origins ('self' covers same-origin ws: in current browsers; the explicit
        // ws(s):// forms of the trusted origins cover the rest), never to any host.
        connectSrc: ["'self'", ...webSocketOrigins(config.trustedOrigins)],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** The ws:// or wss:// form of each http(s) origin the app answers on. */
export function webSocketOrigins(origins: string[]): string[] {
  const out = origins
    .map((o) => new URL(o))
    .filter((u) => u.protocol === 'http:' || u.protocol === 'https:')
    .map((u) => `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`);
  return [...new Set(out)];
}

/**
 * The app's page. The plain page preloads nothing beyond its entry: preloading the signed-in chunks for a request
 * with a session cookie took bandwidth from the page's CSS on a slow network and moved the first paint of Home from
 * about 1.7 s to 3.2 s in Lighthouse's mobile run (docs/PERFORMANCE.md, lighthouse; the history is in git). A
 * signed-in person's direct load of a bottom-navigation screen gets that screen drawn in it instead of the splash,
 * and the app's scripts, the screen's chunks among them, load once that picture has painted
 * (platform/first-paint.ts); that page is theirs alone, so no cache keeps it.
 */
function pageSender(indexHtml: string | null, renderer: Renderer | null, clientDir: string) {
  const chunks = renderer && indexHtml ? screenChunks(clientDir, renderer, indexHtml) : {};
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (indexHtml == null)
      return reply.status(404).type('text/plain').send('Client not built: run npm run build');
    const drawn = renderer ? await firstPaint(request.server, renderer, indexHtml, request, chunks) : null;
    if (drawn)
      return reply
        .type('text/html')
        .header('cache-control', 'private, no-store')
        .header('vary', 'cookie')
        .send(drawn);
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  };
}

function readClientIndex(config: Config, clientDir: string): string | null {
  const file = path.join(clientDir, 'index.html');
  if (!config.SERVE_CLIENT || !fs.existsSync(file)) return null;
  return fs.readFileSync(file, 'utf8');
}

async function serveClient(
  app: FastifyInstance,
  sendIndex: ReturnType<typeof pageSender>,
  clientIndex: string | null,
  clientDir: string,
) {
  if (clientIndex == null) return;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: true,
    index: false,
    preCompressed: true,
    // The build's manifest (.vite/) is for the server (platform/first-paint.ts), not for anyone asking.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The page itself: asked as a directory, the static plugin answers 403 to a client that accepts no compressed
  // form (curl, wget, a health check); every client gets the page, compressed only when it asks.
  app.get('/', { schema: { hide: true } }, sendIndex);
}
