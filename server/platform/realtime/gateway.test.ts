import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMemoryBus, type RealtimeBus } from './bus';
import { roomChannel } from './events';
import { type RoomSource, realtimeGateway } from './gateway';

/** The gateway alone, on a bare Fastify app with an in-memory room: heartbeat and fan-out mechanics. */

const messages: { id: number; room: number; text: string }[] = [];
let reads = 0;
const source: RoomSource = {
  canSubscribe: async (_user, room) => room === 1,
  headId: async (room) => Math.max(0, ...messages.filter((m) => m.room === room).map((m) => m.id)),
  messagesAfter: async (room, afterId, limit) => {
    reads += 1;
    return messages
      .filter((m) => m.room === room && m.id > afterId)
      .slice(0, limit)
      .map((m) => ({
        id: m.id,
        framesFor: () => [JSON.stringify({ type: 'chat_message', message: { id: m.id, read: true } })],
      }));
  },
  posted: (_room, id, { message, hiddenFrom }) => ({
    id,
    framesFor: (userId) =>
      hiddenFrom.includes(userId) ? null : [JSON.stringify({ type: 'chat_message', message })],
  }),
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

  it('sends a handed-over message as it is only when it follows the room cursor; otherwise reads from the cursor', async () => {
    const ws = await connect();
    const got: { id: number; read?: boolean }[] = [];
    const subscribed = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const f = JSON.parse(String(data));
        if (f.type === 'subscribed') resolve();
        if (f.type === 'chat_message') got.push(f.message);
      }),
    );
    ws.send(JSON.stringify({ type: 'subscribe', challengeId: 1 }));
    await subscribed;
    const head = Math.max(0, ...messages.filter((m) => m.room === 1).map((m) => m.id));
    const store = (...ids: number[]) => messages.push(...ids.map((id) => ({ id, room: 1, text: 'x' })));
    const post = (id: number, after: number, hiddenFrom: string[] = []) =>
      bus.publish(roomChannel(1), { kind: 'message', id, posted: { after, message: { id }, hiddenFrom } });
    const settle = () => new Promise((r) => setTimeout(r, 50));
    const readsBefore = reads;

    store(head + 1);
    await post(head + 1, head);
    await settle();
    expect(reads).toBe(readsBefore);
    // head + 2 was committed but its notification comes late: head + 3 does not follow the cursor.
    store(head + 2, head + 3);
    await post(head + 3, head + 2);
    await post(head + 2, head + 1);
    await settle();
    expect(reads).toBe(readsBefore + 1);
    // Hidden from this user (a block): not sent, and the next one still follows.
    store(head + 4, head + 5);
    await post(head + 4, head + 3, ['u1']);
    await post(head + 5, head + 4);
    await settle();
    expect(reads).toBe(readsBefore + 1);
    expect(got).toEqual([
      { id: head + 1 },
      { id: head + 2, read: true },
      { id: head + 3, read: true },
      { id: head + 5 },
    ]);
    ws.close();
  });
});
