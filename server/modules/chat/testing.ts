import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { ChatMessage, ServerFrame } from '../../../shared/api/chat';
import { ORIGIN, type SignedIn } from '../../test/factories';
import { call } from '../pacts/testing';

/** Test helpers for the chat: sending through the API and a `ws` client with an inbox. */

export async function send(
  app: FastifyInstance,
  who: SignedIn,
  pactId: number,
  message: string,
  clientKey?: string,
) {
  return call(app, who, 'POST', `/api/challenges/${pactId}/chat`, {
    message,
    type: 'message',
    ...(clientKey ? { clientKey } : {}),
  });
}

export async function sendOk(
  app: FastifyInstance,
  who: SignedIn,
  pactId: number,
  message: string,
): Promise<ChatMessage> {
  const res = await send(app, who, pactId, message);
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ChatMessage;
}

/** Listens on 127.0.0.1 at a free port (once) and answers the ws URL. */
export async function wsUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

export interface TestSocket {
  ws: WebSocket;
  frames: ServerFrame[];
  /** Resolves with the first frame (already received or coming) matching `match`, skipping none. */
  next(match: (f: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function openSocket(url: string, who: SignedIn | null, origin = ORIGIN): Promise<TestSocket> {
  const headers: Record<string, string> = { origin };
  if (who) headers.cookie = who.cookie;
  const ws = new WebSocket(url, { headers });
  const frames: ServerFrame[] = [];
  const waiters: Array<{
    match: (f: ServerFrame) => boolean;
    resolve: (f: ServerFrame) => void;
    from: number;
  }> = [];
  ws.on('message', (data, isBinary) => {
    // A browser hands a binary frame over as a Blob, which the client does not read: only text frames count.
    if (isBinary) return;
    const frame = JSON.parse(String(data)) as ServerFrame;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const socket: TestSocket = {
    ws,
    frames,
    closed,
    next(match, timeoutMs = 5000) {
      const seen = frames.find(match);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          from: frames.length,
          resolve: (f) => {
            clearTimeout(timer);
            frames.splice(frames.indexOf(f), 1);
            resolve(f);
          },
        });
      });
    },
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Subscribes and waits for `subscribed`, answering the frames received before it (a resume's backlog). */
export async function subscribe(socket: TestSocket, challengeId: number, lastId?: number) {
  socket.send({ type: 'subscribe', challengeId, ...(lastId === undefined ? {} : { lastId }) });
  await socket.next(
    (f) =>
      (f.type === 'subscribed' || f.type === 'error') && 'challengeId' in f && f.challengeId === challengeId,
  );
  const before = socket.frames.splice(0);
  return before;
}

export const isChat = (id?: number) => (f: ServerFrame) =>
  f.type === 'chat_message' && (id === undefined || f.message.id === id);
