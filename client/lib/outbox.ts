/**
 * The text outbox, one for every kind of conversation (a Pact's chat, a direct message): text typed while offline
 * waits here, per user and conversation (the caller's storage key), in localStorage (so it survives a reload), and
 * is sent in order once the network is back. Each keeps the client key it was given when typed: the server stores
 * one message per key, so a send whose answer was lost and is sent again stores nothing more. `use-outbox.ts` wires
 * it to a screen; `sendOrQueue` below is the one rule for what a typed text does.
 */

/** What a waiting message says under its bubble. */
export const QUEUED_TEXT = "Sends when you're back online";

export interface OutboxItem {
  clientKey: string;
  text: string;
  createdAt: string;
  /** The highest message id known when it was typed (see PendingMessage.afterId). */
  afterId: number;
}

export interface OutboxStore {
  read(): OutboxItem[];
  write(items: OutboxItem[]): void;
}

function isItem(value: unknown): value is OutboxItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.clientKey === 'string' &&
    typeof v.text === 'string' &&
    typeof v.createdAt === 'string' &&
    typeof v.afterId === 'number'
  );
}

/** The outbox of one user's chat in a Storage (localStorage by default); unreadable contents count as empty. */
export function storageOutbox(
  key: string,
  storage: Storage | undefined = globalThis.localStorage,
): OutboxStore {
  return {
    read() {
      try {
        const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
        return Array.isArray(parsed) ? parsed.filter(isItem) : [];
      } catch {
        return [];
      }
    },
    write(items) {
      try {
        if (items.length === 0) storage?.removeItem(key);
        else storage?.setItem(key, JSON.stringify(items));
      } catch {
        // Storage full or blocked: the messages still wait in memory for this visit.
      }
    },
  };
}

export function enqueue(store: OutboxStore, item: OutboxItem): void {
  const items = store.read().filter((i) => i.clientKey !== item.clientKey);
  store.write([...items, item]);
}

export function dequeue(store: OutboxStore, clientKey: string): void {
  store.write(store.read().filter((i) => i.clientKey !== clientKey));
}

export interface FlushEvents<T> {
  sending(item: OutboxItem): void;
  sent(item: OutboxItem, message: T): void;
  /** The server answered no (not a member any more, blocked, invalid): the message leaves the queue. */
  refused(item: OutboxItem, error: unknown): void;
  /** No answer at all: the message (and the rest) wait for the next flush. */
  offline(item: OutboxItem): void;
}

/** Outboxes being flushed right now: one run at a time per outbox, so nothing goes out twice from this tab. */
const running = new Set<string>();

/**
 * Sends the waiting messages oldest first, one at a time, re-reading the queue after each so a message queued
 * meanwhile goes out in the same run. Stops at the first network failure (keeping the rest); a refusal drops
 * that message and goes on. Answers whether the queue emptied; false too when a run was already under way.
 */
export async function flushOutbox<T>(
  id: string,
  store: OutboxStore,
  send: (item: OutboxItem) => Promise<T>,
  events: FlushEvents<T>,
  isNetworkError: (error: unknown) => boolean,
): Promise<boolean> {
  if (running.has(id)) return false;
  running.add(id);
  try {
    for (let item = store.read()[0]; item; item = store.read()[0]) {
      events.sending(item);
      try {
        const message = await send(item);
        dequeue(store, item.clientKey);
        events.sent(item, message);
      } catch (error) {
        if (isNetworkError(error)) {
          events.offline(item);
          return false;
        }
        dequeue(store, item.clientKey);
        events.refused(item, error);
      }
    }
    return true;
  } finally {
    running.delete(id);
  }
}

export type SendOutcome<T> =
  | { kind: 'sent'; message: T }
  | { kind: 'queued' }
  | { kind: 'refused'; error: unknown };

/**
 * What a typed text does, in every conversation: offline, it goes straight to the outbox; online, it is sent, and a
 * network failure on the way puts it in the outbox under the same key (it may have been stored with its answer
 * lost); a refusal by the server is the caller's to show (the text stays in the input).
 */
export async function sendOrQueue<T>(
  online: boolean,
  send: () => Promise<T>,
  queue: () => void,
  isNetworkError: (error: unknown) => boolean,
): Promise<SendOutcome<T>> {
  if (!online) {
    queue();
    return { kind: 'queued' };
  }
  try {
    return { kind: 'sent', message: await send() };
  } catch (error) {
    if (!isNetworkError(error)) return { kind: 'refused', error };
    queue();
    return { kind: 'queued' };
  }
}
