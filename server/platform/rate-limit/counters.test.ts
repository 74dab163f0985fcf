import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canStartRedis, startRedis } from '../realtime/redis-testing';
import { Counters } from './counters';

describe('Counters in memory', () => {
  it('counts hits in a window that starts at the first hit, and forgets them after it', async () => {
    let now = 1_000_000;
    const counters = new Counters(
      undefined,
      'x:',
      () => {},
      () => now,
    );
    expect(await counters.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 20_000;
    expect(await counters.hit('k', 60_000)).toEqual({ count: 2, resetInMs: 40_000 });
    expect(await counters.peek('k')).toEqual({ count: 2, resetInMs: 40_000 });
    expect(await counters.peek('other')).toEqual({ count: 0, resetInMs: 0 });
    now += 40_000;
    expect(await counters.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect((await counters.hit('k', 60_000)).count).toBe(1);
    await counters.reset('k');
    expect((await counters.peek('k')).count).toBe(0);
  });
});

(canStartRedis ? describe : describe.skip)('Counters on Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const clients: Redis[] = [];
  const connect = async () => {
    const client = new Redis(redis.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
    });
    client.on('error', () => {});
    clients.push(client);
    await new Promise((r) => client.once('ready', r));
    return client;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });

  it('shares counts between instances, and counts locally while Redis is away', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const fallbacks: unknown[] = [];
    const a = new Counters(await connect(), prefix, (err) => fallbacks.push(err));
    const b = new Counters(await connect(), prefix);
    await a.hit('ip:1', 60_000);
    await b.hit('ip:1', 60_000);
    expect((await a.peek('ip:1')).count).toBe(2);
    expect((await b.hit('ip:1', 60_000)).count).toBe(3);

    await redis.stop();
    // No error reaches the caller: the instance counts on its own.
    expect((await a.hit('ip:1', 60_000)).count).toBe(1);
    expect((await a.hit('ip:1', 60_000)).count).toBe(2);
    expect((await b.peek('ip:1')).count).toBe(0);

    await redis.start();
    const c = new Counters(await connect(), prefix);
    expect((await c.hit('ip:2', 60_000)).count).toBe(1);
  });
});
