import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** The database, or a transaction of it: a job enqueued in a caller's transaction exists only if it commits. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface EnqueueOptions {
  /** When the job may run; now by default. */
  runAt?: Date;
  /** While a pending or running job has this key, enqueueing another with it does nothing. */
  dedupeKey?: string;
}

/** Stores a job; answers its id, or null when a job with the same dedupe key is still pending or running. */
export async function enqueue(
  db: DbOrTx,
  name: string,
  payload: unknown,
  opts: EnqueueOptions = {},
): Promise<number | null> {
  const at = opts.runAt ?? new Date();
  const rows = await db
    .insert(jobs)
    .values({
      name,
      payload: (payload ?? {}) as object,
      runAt: at,
      dedupeKey: opts.dedupeKey ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({
      target: jobs.dedupeKey,
      where: sql`${jobs.status} in ('pending', 'running')`,
    })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/**
 * Stores a job unless a job with this key was ever stored (pending, running, done or dead; done jobs are kept for
 * KEEP_DONE_MS): a once-only action such as a reminder for one person, Pact and day. One statement, so two runners
 * racing on the same key store one job. Answers the id, or null when the key was already used.
 */
export async function enqueueOnce(
  db: DbOrTx,
  name: string,
  payload: unknown,
  opts: EnqueueOptions & { dedupeKey: string },
): Promise<number | null> {
  const [id] = await enqueueOnceMany(db, name, [{ payload, dedupeKey: opts.dedupeKey }], opts.runAt);
  return id ?? null;
}

/**
 * `enqueueOnce` for many keys in one statement: the never-stored check is one anti-join over the jobs table instead
 * of one lookup per key (the unique index covers only pending and running rows, so each lookup would scan).
 * Answers the ids of the jobs stored.
 */
export async function enqueueOnceMany(
  db: DbOrTx,
  name: string,
  items: { payload: unknown; dedupeKey: string }[],
  runAt = new Date(),
): Promise<number[]> {
  const unique = [...new Map(items.map((item) => [item.dedupeKey, item])).values()];
  const at = runAt.toISOString();
  const ids: number[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    const values = sql.join(
      unique
        .slice(i, i + 500)
        .map((item) => sql`(${item.dedupeKey}::text, ${JSON.stringify(item.payload ?? {})}::jsonb)`),
      sql`, `,
    );
    const result = await db.execute(sql`
      insert into ${jobs} (name, payload, run_at, dedupe_key, created_at, updated_at)
      select ${name}, v.payload, ${at}::timestamptz, v.key, ${at}::timestamptz, ${at}::timestamptz
      from (values ${values}) as v(key, payload)
      where not exists (select 1 from ${jobs} j where j.dedupe_key = v.key)
      on conflict (dedupe_key) where status in ('pending', 'running') do nothing
      returning id`);
    for (const row of (result as unknown as { rows: { id: number | string }[] }).rows)
      ids.push(Number(row.id));
  }
  return ids;
}

/**
 * Claims up to `limit` jobs that are due (pending with run_at <= now) or whose runner's lock expired (a crash),
 * oldest first. `SKIP LOCKED` lets several runners claim at once without waiting on or sharing a row; the claim
 * itself marks the row running with this runner's lock, so nobody else takes it until that lock expires.
 */
export async function claimDueJobs(
  db: Db,
  opts: { owner: string; now: Date; lockMs: number; limit: number; names?: string[] },
): Promise<JobRow[]> {
  const { now } = opts;
  const due = or(
    and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
    and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)),
  );
  const candidates = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(opts.names ? and(due, inArray(jobs.name, opts.names)) : due)
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: opts.owner,
      lockedUntil: new Date(now.getTime() + opts.lockMs),
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: now,
    })
    .where(inArray(jobs.id, candidates))
    .returning();
}

const mine = (id: number, owner: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, owner));

/** Keeps a long run's lock alive; false when the lock was lost (it expired and another runner took the job). */
export async function extendLock(db: Db, id: number, owner: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(mine(id, owner), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Ends a run: done, dead, or pending again at `runAt` (a retry, or a recurring job's next run). */
export async function finishJob(
  db: Db,
  id: number,
  owner: string,
  outcome:
    | { status: 'done'; at: Date; payload?: unknown }
    | { status: 'dead'; at: Date; error: string }
    | { status: 'pending'; at: Date; runAt: Date; error: string | null; resetAttempts?: boolean },
): Promise<boolean> {
  const base = { status: outcome.status, lockedBy: null, lockedUntil: null, updatedAt: outcome.at };
  const set =
    outcome.status === 'done'
      ? { ...base, lastError: null, ...(outcome.payload === undefined ? {} : { payload: outcome.payload }) }
      : outcome.status === 'dead'
        ? { ...base, lastError: outcome.error }
        : {
            ...base,
            runAt: outcome.runAt,
            lastError: outcome.error,
            ...(outcome.resetAttempts ? { attempts: 0 } : {}),
          };
  const rows = await db
    .update(jobs)
    .set(set as Partial<JobRow>)
    .where(and(mine(id, owner), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Lets a running job's dedupe key go, so that the next enqueue with it stores a new job even while this one runs:
 * for a job that recomputes from what it reads, whose key must not swallow a change made after its read began.
 */
export async function releaseDedupeKey(db: DbOrTx, id: number): Promise<void> {
  await db.update(jobs).set({ dedupeKey: null }).where(eq(jobs.id, id));
}

/**
 * Withdraws the pending job holding `dedupeKey` (e.g. a scheduled erasure whose request was cancelled); answers
 * whether there was one. A job already running is not stopped: its handler should re-check what it acts on.
 */
export async function cancelPendingJob(db: DbOrTx, dedupeKey: string): Promise<boolean> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Recurring jobs have one row each, kept under the dedupe key `recurring:<name>`; made when missing. */
export async function ensureRecurring(db: Db, name: string, firstRunAt: Date) {
  const dedupeKey = `recurring:${name}`;
  const id = await enqueue(db, name, {}, { runAt: firstRunAt, dedupeKey });
  if (id !== null) return;
  // Already there: a start brings its next run forward (the periodic jobs run shortly after each start).
  await db
    .update(jobs)
    .set({ runAt: firstRunAt })
    .where(
      and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'pending'), sql`${jobs.runAt} > ${firstRunAt}`),
    );
}

/** Deletes finished jobs last touched before `before`; dead ones stay until someone looks at them. */
export async function pruneDoneJobs(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.updatedAt, before)))
    .returning({ id: jobs.id });
  return rows.length;
}

export async function findJob(db: Db, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** Jobs out of attempts, newest first: what an admin should look at. */
export async function listDeadJobs(db: Db, limit = 100): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.status, 'dead'))
    .orderBy(sql`${jobs.updatedAt} desc`)
    .limit(limit);
}

/** Gives a dead job a fresh set of attempts, to run now. */
export async function retryDeadJob(db: Db, id: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'pending', attempts: 0, runAt: now, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
