import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { EventBus } from './platform/events';
import type { RealtimeBus } from './platform/realtime/bus';

/** What every module gets: the validated config and the database. Platform services join here. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Domain events published after writes commit (platform/events.ts). */
  events: EventBus;
  /** Real-time fan-out to sockets on every instance (Redis pub/sub with REDIS_URL, else in-process). */
  realtime: RealtimeBus;
}
