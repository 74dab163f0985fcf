import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { registerModules } from './modules';
import { clientDistDir } from './paths';
import { EventBus } from './platform/events';
import { registerErrorHandling } from './platform/http-errors';
import { registerOriginCheck } from './platform/origin-check';
import { createBus } from './platform/realtime/bus';

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
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    forceCloseConnections: false,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  const database =
    opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dir: path.join(config.dataDir, 'db') }));
  if (!opts.database) await database.migrate();
  app.decorate('ctx', {
    config,
    database,
    db: database.db,
    events: new EventBus(app.log),
    realtime: createBus({ redisUrl: config.REDIS_URL, prefix: opts.realtimePrefix, log: app.log }),
  } satisfies AppContext);
  app.addHook('onClose', () => app.ctx.realtime.close());
  if (!opts.database) app.addHook('onClose', () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  // Limits are per route (sign-in, sign-up, ...); shared through Redis when several instances run.
  const limiterRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 })
    : undefined;
  if (limiterRedis) app.addHook('onClose', async () => void (await limiterRedis.quit()));
  // The prefix keeps tests' counters apart: Redis keeps them across runs.
  await app.register(rateLimit, {
    global: false,
    redis: limiterRedis,
    nameSpace: `${opts.realtimePrefix ?? 'sweatpact:'}rl:`,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'SweatPact API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  registerOriginCheck(app, config.trustedOrigins);

  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true, database: database.kind }));
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await registerModules(app);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
    }
    return sendIndex(reply);
  });
  await serveClient(app, config);
  return app;
}

let indexHtml: string | null = null;
function sendIndex(reply: import('fastify').FastifyReply) {
  if (indexHtml == null)
    return reply.status(404).type('text/plain').send('Client not built: run npm run build');
  return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
}

async function serveClient(app: FastifyInstance, config: Config) {
  const dist = clientDistDir;
  if (!config.SERVE_CLIENT || !fs.existsSync(path.join(dist, 'index.html'))) return;
  indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
