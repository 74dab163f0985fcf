import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log';

/** A Fastify app logging at info into an array, with our request log rule. */
async function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLinePerRequest() });
  app.get('/ok', async () => ({ ok: true }));
  // Answered straight on the raw response from an onRequest hook, as a kept answer is (http-route.ts sendKept).
  app.get('/raw', {
    onRequest: (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      reply.raw.end('{}');
    },
    handler: async () => ({ never: true }),
  });
  app.get('/broken', async () => {
    throw new Error('kaput');
  });
  await app.ready();
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per answered request, with the request and its status', async () => {
    const { app, lines } = await appWithLog();
    await app.inject('/ok?x=1');
    await app.inject('/missing');
    expect(lines.map((l) => l.msg)).toEqual([
      'request completed',
      'Route GET:/missing not found',
      'request completed',
    ]);
    const [ok] = lines;
    expect(ok).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/ok?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof ok?.responseTime).toBe('number');
    expect(lines[2]).toMatchObject({ res: { statusCode: 404 } });
    await app.close();
  });

  it('logs an answer written straight to the response (a kept answer) once, as any other', async () => {
    const { app, lines } = await appWithLog();
    const res = await app.inject('/raw');
    expect(res.body).toBe('{}');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { url: '/raw' },
      res: { statusCode: 200 },
    });
    await app.close();
  });

  it('still logs a failure as an error, with the error', async () => {
    const { app, lines } = await appWithLog();
    const res = await app.inject('/broken');
    expect(res.statusCode).toBe(500);
    const error = lines.find((l) => l.level === 50);
    expect(error).toMatchObject({
      msg: 'kaput',
      err: { message: 'kaput' },
      req: { method: 'GET', url: '/broken' },
    });
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    await app.close();
  });
});
