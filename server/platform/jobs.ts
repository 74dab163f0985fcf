import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

const holder = randomBytes(8).toString('hex');

/**
 * Takes the named job's lease if it is free (or expired). With several app instances on one database, only the
 * instance holding the lease runs the job; the lease outlives the run so a crash frees it later.
 */
export async function tryLease(db: Db, name: string, leaseMs: number): Promise<boolean> {
  const until = new Date(Date.now() + leaseMs);
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, leasedUntil: until })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, leasedUntil: until },
      where: sql`${jobLeases.leasedUntil} < now()`,
    })
    .returning({ name: jobLeases.name });
  return rows.length > 0;
}

export async function markRun(db: Db, name: string) {
  await db.update(jobLeases).set({ lastRunAt: new Date() }).where(sql`${jobLeases.name} = ${name}`);
}

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/** Runs each job every `everyMs`, once across all instances; returns a stop function. */
export function startJobs(db: Db, log: FastifyBaseLogger, jobs: Job[]): () => void {
  const timers = jobs.map((job) => {
    const tick = async () => {
      try {
        if (!(await tryLease(db, job.name, Math.max(job.everyMs - 1000, 1000)))) return;
        await job.run();
        await markRun(db, job.name);
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed');
      }
    };
    const first = setTimeout(tick, 2000);
    const timer = setInterval(tick, job.everyMs);
    first.unref();
    timer.unref();
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  });
  return () => {
    for (const stop of timers) stop();
  };
}

/** Starts the jobs when the app is ready and stops them when it closes; tests run jobs directly instead. */
export function registerJobs(app: import('fastify').FastifyInstance, jobs: Job[]) {
  if (app.ctx.config.NODE_ENV === 'test' || jobs.length === 0) return;
  let stop = () => {};
  app.addHook('onReady', async () => {
    stop = startJobs(app.ctx.db, app.log, jobs);
  });
  app.addHook('onClose', async () => stop());
}
