import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { EventBus } from './platform/events';

/** What every module gets: the validated config and the database. Platform services join here. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Domain events published after writes commit (platform/events.ts). */
  events: EventBus;
}
