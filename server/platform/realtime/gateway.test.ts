import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMemoryBus, type RealtimeBus } from './bus';
import { roomChannel } from './events';
import { type RoomSource, realtimeGateway } from './gateway';

/** The gateway alone, on a bare Fastify app with an in-memory room: heartbeat and fan-out mechanics. */

const messages: { id: number; room: number; text: string }[] = [];
const source: RoomSource = {
  canSubscribe: async (_user, room) => room === 1,
  headId: async (room) => Math.max(0, ...messages.filter((m) => m.room === room).map((m) => m.id)),
  messagesAfter: async (room, afterId, limit) =>
    messages
      .filter((m) => m.room === room && m.id > afterId)
      .slice(0, limit)
      .map((m) => ({
        id: m.id,
        framesFor: () => [JSON.stringify({ type: 'chat_message', message: { id: m.id } })],
      })),
  decisionsSince: async () => [],
  renderEvent: async () => () => null,
};

const endedSessions = new Set<string>();
let app: FastifyInstance;
let bus: RealtimeBus;
let url: string;

beforeAll(async () => {
  app = Fastify();
  bus = createMemoryBus(app.log);
  await app.register(realtimeGateway, {
    bus,
    source,
    heartbeatMs: 100,
    sessionCheckMs: 100,
    liveSessions: async (ids) => new Set(ids.filter((id) => !endedSessions.has(id))),
    isTrustedOrigin: () => true,
    authenticate: async (request) =>
      request.headers.cookie ? { userId: 'u1', sessionId: String(request.headers.cookie) } : null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
});
afterAll(() => app.close());

function connect(session = 's1'): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers: { cookie: session } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

describe('gateway', () => {
  it('keeps a socket that answers pings and terminates one that stopped answering', async () => {
    const alive = await connect();
    const dead = await connect();
    const deadClosed = new Promise((r) => dead.on('close', r));
    // A paused socket reads nothing, so it never answers the server's pings: like a phone gone out of range.
    const raw = (dead as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    await new Promise((r) => setTimeout(r, 500));
    raw.resume();
    await deadClosed;
    expect(alive.readyState).toBe(WebSocket.OPEN);
    alive.close();
  });

  it('closes the sockets of a session that ended without an event (expiry, a deleted row)', async () => {
    const kept = await connect('s1');
    const ended = await connect('s2');
    const closed = new Promise<number>((r) => ended.on('close', (code) => r(code)));
    endedSessions.add('s2');
    expect(await closed).toBe(4401);
    expect(kept.readyState).toBe(WebSocket.OPEN);
    kept.close();
  });

  it('sends a room its messages after each notification, each once and in order', async () => {
    const ws = await connect();
    const got: number[] = [];
    const subscribed = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const f = JSON.parse(String(data));
        if (f.type === 'subscribed') resolve();
        if (f.type === 'chat_message') got.push(f.message.id);
      }),
    );
    ws.send(JSON.stringify({ type: 'subscribe', challengeId: 1 }));
    await subscribed;
    messages.push(
      { id: 10, room: 1, text: 'a' },
      { id: 12, room: 1, text: 'b' },
      { id: 11, room: 2, text: 'other' },
    );
    // Two notifications for the same batch and one late one: still each message once.
    await bus.publish(roomChannel(1), { kind: 'message', id: 12 });
    await bus.publish(roomChannel(1), { kind: 'message', id: 10 });
    await new Promise((r) => setTimeout(r, 50));
    messages.push({ id: 15, room: 1, text: 'c' });
    await bus.publish(roomChannel(1), { kind: 'message', id: 15 });
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([10, 12, 15]);
    ws.close();
  });
});
