import type { FastifyBaseLogger } from 'fastify';

/**
 * Domain events, published by services after their write has committed. Each module declares the events it
 * publishes in its own `events.ts`, adding them to this map by declaration merging:
 *
 *   declare module '../../platform/events' { interface DomainEvents { 'chat.message_created': { ... } } }
 *
 * and registers what it does on others' events in its `listeners.ts` (called from modules/index.ts, which fixes
 * their order). Listeners run in this process, in order, after the emitting request's transaction; a failing
 * listener is logged and never undoes the write. Delivery to other app instances (sockets) goes through the
 * real-time bus, which only the chat's and the notifications' listeners publish to.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each module.
export interface DomainEvents {}

type Listener<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => Promise<void> | void;

export class EventBus {
  private listeners = new Map<keyof DomainEvents, Listener<never>[]>();

  constructor(private log: FastifyBaseLogger) {}

  on<K extends keyof DomainEvents>(type: K, listener: Listener<K>): () => void {
    const list = this.listeners.get(type) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(type, list);
    return () => {
      const i = list.indexOf(listener as Listener<never>);
      if (i >= 0) list.splice(i, 1);
    };
  }

  async emit<K extends keyof DomainEvents>(type: K, payload: DomainEvents[K]): Promise<void> {
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        await (listener as Listener<K>)(payload);
      } catch (err) {
        this.log.error({ err, event: type }, 'event listener failed');
      }
    }
  }
}
