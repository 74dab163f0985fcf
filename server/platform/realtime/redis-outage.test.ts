import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, type ChatMessage, type ServerFrame } from '../../../shared/api/chat';
import { openSocket, send, sendOk, subscribe, type TestSocket, wsUrl } from '../../modules/chat/testing';
import { call, createPactVia } from '../../modules/pacts/testing';
import { createTestApp, type TestApp, testDbKind } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { canStartRedis, startRedis } from './redis-testing';

/**
 * Chat keeps working when Redis goes away: sends are stored and answered (limits count per instance), sockets
 * on the sending instance get the messages, and when Redis returns the other instance's sockets catch up from the
 * database and cross-instance delivery resumes. Redis is a redis-server this test starts and kills.
 */
const suite = canStartRedis ? describe : describe.skip;

suite(`chat through a Redis outage (two instances on one ${testDbKind} database)`, () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: TestApp;
  let b: TestApp;
  let owner: SignedIn;
  let member: SignedIn;
  let watcher: SignedIn;
  let pactId: number;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, AUTH_SECRET: randomBytes(32).toString('hex') };
    const realtimePrefix = `sweatpact:test:${randomBytes(6).toString('hex')}:`;
    a = await createTestApp(env, { realtimePrefix });
    b = await createTestApp(env, { realtimePrefix, shareDatabaseWith: a });
    owner = await signUp(a.app, { firstName: 'Ada' });
    member = await signUp(a.app, { firstName: 'Bo' });
    watcher = await signUp(a.app, { firstName: 'Cy' });
    pactId = (await createPactVia(a.app, owner, { title: 'Through the outage' })).id;
    await call(a.app, member, 'POST', `/api/challenges/${pactId}/join`);
    await call(a.app, watcher, 'POST', `/api/challenges/${pactId}/join`);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  /** A subscribed socket, and every chat message id it receives, in order. */
  const open = async (app: TestApp, who: SignedIn) => {
    const s = await openSocket(await wsUrl(app.app), who);
    sockets.push(s);
    const received: number[] = [];
    s.ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === 'chat_message') received.push(frame.message.id);
    });
    await subscribe(s, pactId);
    return Object.assign(s, { received });
  };

  it('stores, answers and delivers locally while Redis is down, then catches the other instance up', async () => {
    const onB = await open(b, member);
    const onA = await open(a, watcher);

    const before = await sendOk(a.app, owner, pactId, 'before the outage');
    await onB.next((f) => f.type === 'chat_message' && f.message.id === before.id);

    await redis.stop();
    // Every send is stored and answered; the limit now counts in this instance, so the 21st in the window is a 429.
    const during: ChatMessage[] = [];
    for (let i = 1; i <= CHAT_LIMITS.sendMax; i++) {
      const res = await send(a.app, owner, pactId, `during ${i}`);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      during.push(res.body as ChatMessage);
    }
    const limited = await send(a.app, owner, pactId, 'one too many');
    expect(limited.status).toBe(429);
    // The instance that stored them delivers them to its own sockets at once.
    for (const m of during) await onA.next((f) => f.type === 'chat_message' && f.message.id === m.id);

    await redis.start();
    // B's socket missed them on the bus; when B's subscriber is back it re-reads the room from the database.
    for (const m of during) await onB.next((f) => f.type === 'chat_message' && f.message.id === m.id, 20_000);

    // Cross-instance delivery works again, both ways.
    const fromB = await sendOk(b.app, member, pactId, 'after the outage');
    await onA.next((f) => f.type === 'chat_message' && f.message.id === fromB.id, 10_000);
    const fromA = await sendOk(a.app, watcher, pactId, 'and back');
    await onB.next((f) => f.type === 'chat_message' && f.message.id === fromA.id, 10_000);
    await onA.next((f) => f.type === 'chat_message' && f.message.id === fromA.id, 10_000);
    await onB.next((f) => f.type === 'chat_message' && f.message.id === fromB.id, 10_000);
    // Each socket got every message once, in order.
    const all = [before, ...during, fromB, fromA].map((m) => m.id);
    expect(onA.received).toEqual(all);
    expect(onB.received).toEqual(all);
  });
});
