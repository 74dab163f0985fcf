import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { liveInstances } from '../db/schema';

/**
 * The app instances running on one PostgreSQL (docs/ARCHITECTURE.md, "Several instances"). Instances share
 * sessions' revocation, rooms and rate limits only through Redis, so two instances on one database without
 * REDIS_URL would each keep their own: a sign-out on one would leave the session alive on the other. Each
 * instance writes a row with a heartbeat; one that starts beside a live instance refuses to start unless both run
 * with Redis. Heartbeats are compared on the database's clock, so hosts' clocks do not matter. PGlite is one
 * process's database and needs none of this (main.ts calls it only with DATABASE_URL).
 */

/** A heartbeat every this many ms; an instance silent for STALE_MS is gone (crashed, killed). */
export const HEARTBEAT_MS = 10_000;
export const STALE_MS = 35_000;

export const NEEDS_REDIS_MESSAGE =
  'Another SweatPact instance is running on this database. Several instances share sessions, live updates and ' +
  'rate limits only through Redis: set REDIS_URL (the same Redis) on every instance, or stop the other one.';

export class InstanceRefused extends Error {}

export interface InstanceClaim {
  id: string;
  /** Stops the heartbeat and removes the row (at a graceful stop). */
  release: () => Promise<void>;
}

/**
 * Records this instance, or throws InstanceRefused when a live instance shares the database and either of them
 * runs without Redis. `heartbeatMs: 0` writes no heartbeat (tests drive `beat`).
 */
export async function claimInstance(
  db: Db,
  opts: { withRedis: boolean; heartbeatMs?: number; host?: string },
): Promise<InstanceClaim> {
  const id = randomUUID();
  const stale = sql`now() - make_interval(secs => ${STALE_MS / 1000})`;
  await db.delete(liveInstances).where(lt(liveInstances.heartbeatAt, stale));
  const others = await db
    .select({ host: liveInstances.host, withRedis: liveInstances.withRedis })
    .from(liveInstances)
    .where(and(ne(liveInstances.id, id), gt(liveInstances.heartbeatAt, stale)));
  if (others.length > 0 && (!opts.withRedis || others.some((o) => !o.withRedis))) {
    throw new InstanceRefused(`${NEEDS_REDIS_MESSAGE} (running on: ${others.map((o) => o.host).join(', ')})`);
  }
  await db.insert(liveInstances).values({ id, withRedis: opts.withRedis, host: opts.host ?? os.hostname() });
  const every = opts.heartbeatMs ?? HEARTBEAT_MS;
  const timer =
    every > 0
      ? setInterval(() => {
          beat(db, id).catch(() => {});
        }, every)
      : null;
  timer?.unref();
  return {
    id,
    release: async () => {
      if (timer) clearInterval(timer);
      await db.delete(liveInstances).where(eq(liveInstances.id, id));
    },
  };
}

/** This instance is still alive. */
export async function beat(db: Db, id: string) {
  await db.update(liveInstances).set({ heartbeatAt: sql`now()` }).where(eq(liveInstances.id, id));
}
