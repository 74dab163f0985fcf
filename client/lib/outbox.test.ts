import { describe, expect, it } from 'vitest';
import {
  enqueue,
  type FlushEvents,
  flushOutbox,
  type OutboxItem,
  sendOrQueue,
  storageOutbox,
} from './outbox';

/** The outbox serves every conversation: a stored message of either kind is just an id and a text here. */
type Stored = { id: number; message: string };
const outboxKey = (userId: string, conversation: number | string) => `test-outbox:${userId}:${conversation}`;

/** A Storage in memory, as localStorage behaves (strings only). */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const item = (n: number): OutboxItem => ({
  clientKey: `key-${n}`,
  text: `message ${n}`,
  createdAt: new Date(2026, 10, 24, 12, n).toISOString(),
  afterId: 10,
});

const offline = () => new TypeError('Failed to fetch');
const isNetworkError = (e: unknown) => e instanceof TypeError;

/** A fake server that stores one message per client key, as the real one does. */
function fakeServer() {
  const stored = new Map<string, Stored>();
  const calls: string[] = [];
  let down = false;
  return {
    stored,
    calls,
    setDown: (value: boolean) => {
      down = value;
    },
    send: async (i: OutboxItem): Promise<Stored> => {
      calls.push(i.clientKey);
      await Promise.resolve();
      if (down) throw offline();
      const earlier = stored.get(i.clientKey);
      if (earlier) return earlier;
      const message = { id: 100 + stored.size, message: i.text };
      stored.set(i.clientKey, message);
      return message;
    },
  };
}

function recorder() {
  const log: string[] = [];
  const events: FlushEvents<Stored> = {
    sending: (i) => log.push(`sending ${i.clientKey}`),
    sent: (i, m) => log.push(`sent ${i.clientKey} as ${m.id}`),
    refused: (i) => log.push(`refused ${i.clientKey}`),
    offline: (i) => log.push(`offline ${i.clientKey}`),
  };
  return { log, events };
}

describe('the outbox', () => {
  it('keeps messages per user and conversation across a reload', () => {
    const storage = memoryStorage();
    enqueue(storageOutbox(outboxKey('u1', 7), storage), item(1));
    enqueue(storageOutbox(outboxKey('u1', 7), storage), item(2));
    // A new page reads the same storage.
    expect(storageOutbox(outboxKey('u1', 7), storage).read()).toEqual([item(1), item(2)]);
    expect(storageOutbox(outboxKey('u1', 8), storage).read()).toEqual([]);
    expect(storageOutbox(outboxKey('u2', 7), storage).read()).toEqual([]);
  });

  it('reads unreadable storage as empty and skips malformed entries', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(storageOutbox('k', storage).read()).toEqual([]);
    storage.setItem('k', JSON.stringify([item(1), { clientKey: 3 }, null]));
    expect(storageOutbox('k', storage).read()).toEqual([item(1)]);
  });

  it('sends oldest first, each once, and empties the queue', async () => {
    const store = storageOutbox('k', memoryStorage());
    enqueue(store, item(1));
    enqueue(store, item(2));
    const server = fakeServer();
    const { log, events } = recorder();
    expect(await flushOutbox('k', store, server.send, events, isNetworkError)).toBe(true);
    expect(server.calls).toEqual(['key-1', 'key-2']);
    expect(log).toEqual(['sending key-1', 'sent key-1 as 100', 'sending key-2', 'sent key-2 as 101']);
    expect(store.read()).toEqual([]);
  });

  it('stops at a network failure, keeps the rest with their keys, and a later flush stores each once', async () => {
    const store = storageOutbox('k', memoryStorage());
    enqueue(store, item(1));
    enqueue(store, item(2));
    const server = fakeServer();
    server.setDown(true);
    const first = recorder();
    expect(await flushOutbox('k', store, server.send, first.events, isNetworkError)).toBe(false);
    expect(first.log).toEqual(['sending key-1', 'offline key-1']);
    expect(store.read().map((i) => i.clientKey)).toEqual(['key-1', 'key-2']);

    server.setDown(false);
    expect(await flushOutbox('k', store, server.send, recorder().events, isNetworkError)).toBe(true);
    // Flushed again (two tabs, a lost answer): nothing is stored twice.
    enqueue(store, item(1));
    await flushOutbox('k', store, server.send, recorder().events, isNetworkError);
    expect([...server.stored.keys()]).toEqual(['key-1', 'key-2']);
  });

  it('drops a message the server refuses and goes on with the next', async () => {
    const store = storageOutbox('k', memoryStorage());
    enqueue(store, item(1));
    enqueue(store, item(2));
    const server = fakeServer();
    const send = (i: OutboxItem) =>
      i.clientKey === 'key-1' ? Promise.reject(new Error('403: Join this Pact to chat')) : server.send(i);
    const { log, events } = recorder();
    expect(await flushOutbox('k', store, send, events, isNetworkError)).toBe(true);
    expect(log).toEqual(['sending key-1', 'refused key-1', 'sending key-2', 'sent key-2 as 100']);
    expect(store.read()).toEqual([]);
  });

  it('runs one flush at a time per outbox, and sends what is queued meanwhile in the same run', async () => {
    const store = storageOutbox('k', memoryStorage());
    enqueue(store, item(1));
    const server = fakeServer();
    const send = async (i: OutboxItem) => {
      if (i.clientKey === 'key-1') enqueue(store, item(2)); // typed while the first was on its way
      return server.send(i);
    };
    const a = flushOutbox('k', store, send, recorder().events, isNetworkError);
    const b = flushOutbox('k', store, send, recorder().events, isNetworkError);
    expect(await b).toBe(false);
    expect(await a).toBe(true);
    expect(server.calls).toEqual(['key-1', 'key-2']);
    expect(store.read()).toEqual([]);
  });
});

describe('sendOrQueue (what a typed text does, in a Pact chat and a direct message alike)', () => {
  it('queues at once while offline, without trying the network', async () => {
    const queued: string[] = [];
    const server = fakeServer();
    const outcome = await sendOrQueue(
      false,
      () => server.send(item(1)),
      () => queued.push('key-1'),
      isNetworkError,
    );
    expect(outcome).toEqual({ kind: 'queued' });
    expect(queued).toEqual(['key-1']);
    expect(server.calls).toEqual([]);
  });

  it('answers the stored message when the send goes through', async () => {
    const server = fakeServer();
    const outcome = await sendOrQueue(
      true,
      () => server.send(item(1)),
      () => {},
      isNetworkError,
    );
    expect(outcome).toEqual({ kind: 'sent', message: { id: 100, message: 'message 1' } });
  });

  it('queues under the same key when the network fails on the way, so a stored first try stays one message', async () => {
    const store = storageOutbox('k', memoryStorage());
    const server = fakeServer();
    // The server stores it, then the answer is lost.
    const lost = async () => {
      await server.send(item(1));
      throw offline();
    };
    const outcome = await sendOrQueue(true, lost, () => enqueue(store, item(1)), isNetworkError);
    expect(outcome).toEqual({ kind: 'queued' });
    expect(await flushOutbox('k', store, server.send, recorder().events, isNetworkError)).toBe(true);
    expect([...server.stored.keys()]).toEqual(['key-1']);
    expect(server.calls).toEqual(['key-1', 'key-1']);
  });

  it('hands a refusal back to the caller and queues nothing', async () => {
    const queued: string[] = [];
    const refusal = new Error('403: Team access has ended');
    const outcome = await sendOrQueue(
      true,
      () => Promise.reject(refusal),
      () => queued.push('x'),
      isNetworkError,
    );
    expect(outcome).toEqual({ kind: 'refused', error: refusal });
    expect(queued).toEqual([]);
  });
});
