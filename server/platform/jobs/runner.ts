import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../../context';
import {
  backoffMs,
  DEFAULT_BACKOFF,
  DEFAULT_LOCK_MS,
  type DefinedJob,
  type Job,
  type JobLogger,
  jobDefinition,
  recurringJobs,
} from './define';
import { claimDueJobs, ensureRecurring, extendLock, finishJob, type JobRow } from './queue';

const quiet: JobLogger = { info() {}, warn() {}, error() {} };

export type { JobLogger };

export interface RunOptions {
  /** The clock: a fixed instant (tests, "run what is due at T") or a function; the real time by default. */
  now?: Date | (() => Date);
  /** This runner's name in `locked_by`; one per process by default. */
  owner?: string;
  log?: JobLogger;
  /** Only jobs of these names. */
  names?: string[];
  /** At most this many jobs in one call (the rest wait for the next). */
  max?: number;
}

export interface RunSummary {
  done: number;
  retried: number;
  dead: number;
}

export const processOwner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Runs the jobs due now, one claim at a time so several runners share the work: each claimed job runs once,
 * here. Used by the background runner on every tick, and by tests and admins to run what is due at once.
 */
export async function runDueJobs(ctx: AppContext, opts: RunOptions = {}): Promise<RunSummary> {
  const clock =
    typeof opts.now === 'function' ? opts.now : opts.now ? () => opts.now as Date : () => new Date();
  const owner = opts.owner ?? processOwner;
  const log = opts.log ?? quiet;
  const summary: RunSummary = { done: 0, retried: 0, dead: 0 };
  for (let i = 0; i < (opts.max ?? 100); i++) {
    const [job] = await claimDueJobs(ctx.db, {
      owner,
      now: clock(),
      lockMs: DEFAULT_LOCK_MS,
      limit: 1,
      names: opts.names,
    });
    if (!job) break;
    const outcome = await runOne(ctx, job, { owner, clock, log });
    summary[outcome] += 1;
  }
  return summary;
}

type Outcome = keyof RunSummary;

async function runOne(
  ctx: AppContext,
  job: JobRow,
  env: { owner: string; clock: () => Date; log: JobLogger },
): Promise<Outcome> {
  const { owner, clock, log } = env;
  const recurring = job.dedupeKey === `recurring:${job.name}` ? recurringJobs(ctx).get(job.name) : undefined;
  const defined = recurring ? undefined : jobDefinition(job.name);
  const lockMs = defined?.lockMs ?? DEFAULT_LOCK_MS;
  const fields = { jobId: job.id, job: job.name, attempt: job.attempts };

  // A job that keeps killing its runner must not kill every runner forever.
  if (defined && job.attempts > defined.maxAttempts) {
    return giveUp(ctx, job, owner, clock(), log, `crashed its runner ${job.attempts - 1} times`);
  }
  // The claim's lock is set for the default; a job with a longer one gets it at once.
  if (lockMs !== DEFAULT_LOCK_MS)
    await extendLock(ctx.db, job.id, owner, new Date(clock().getTime() + lockMs));
  const renew = setInterval(() => {
    extendLock(ctx.db, job.id, owner, new Date(clock().getTime() + lockMs)).catch((err) =>
      log.warn({ err, ...fields }, 'job lock renewal failed'),
    );
  }, lockMs / 3);
  renew.unref();

  try {
    if (recurring) await recurring.run(clock());
    else if (defined) await runDefined(ctx, defined, job, clock(), log);
    else throw new Error(`No handler for job ${job.name} on this instance`);
  } catch (err) {
    return failed(ctx, job, { recurring, defined }, err, env);
  } finally {
    clearInterval(renew);
  }

  const at = clock();
  if (recurring) {
    await finishJob(ctx.db, job.id, owner, {
      status: 'pending',
      at,
      runAt: new Date(at.getTime() + recurring.everyMs),
      error: null,
      resetAttempts: true,
    });
    return 'done';
  }
  const payload = defined?.definition.scrub?.(job.payload);
  if (!(await finishJob(ctx.db, job.id, owner, { status: 'done', at, payload }))) {
    log.warn(fields, 'job finished after its lock was taken over; it may have run twice');
  }
  return 'done';
}

async function runDefined(
  ctx: AppContext,
  defined: DefinedJob<unknown>,
  job: JobRow,
  now: Date,
  log: JobLogger,
) {
  const { parse, handler } = defined.definition;
  const payload = parse ? parse(job.payload) : job.payload;
  await handler(ctx, payload, { job, now, log, attempt: job.attempts });
}

async function failed(
  ctx: AppContext,
  job: JobRow,
  kind: { recurring?: Job; defined?: DefinedJob<unknown> },
  err: unknown,
  env: { owner: string; clock: () => Date; log: JobLogger },
): Promise<Outcome> {
  const { owner, clock, log } = env;
  const at = clock();
  const error = errorText(err);
  const maxAttempts = kind.defined?.maxAttempts ?? 10;
  if (!kind.recurring && job.attempts >= maxAttempts) return giveUp(ctx, job, owner, at, log, error);
  const backoff = kind.defined?.backoff ?? DEFAULT_BACKOFF;
  let wait = backoffMs(backoff, job.attempts);
  // A recurring job never dies; it tries again no later than its next regular run.
  if (kind.recurring) wait = Math.min(wait, kind.recurring.everyMs);
  const runAt = new Date(at.getTime() + wait);
  log.warn(
    { err, jobId: job.id, job: job.name, attempt: job.attempts, retryAt: runAt },
    'job failed; will retry',
  );
  await finishJob(ctx.db, job.id, owner, { status: 'pending', at, runAt, error });
  return 'retried';
}

async function giveUp(
  ctx: AppContext,
  job: JobRow,
  owner: string,
  at: Date,
  log: JobLogger,
  error: string,
): Promise<Outcome> {
  log.error(
    { jobId: job.id, job: job.name, attempts: job.attempts, error },
    'job is dead: out of attempts (kept in the jobs table with status dead)',
  );
  await finishJob(ctx.db, job.id, owner, { status: 'dead', at, error });
  return 'dead';
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, 2000);
}

/** Makes (or brings forward) the row of each recurring job registered for this app. */
export async function scheduleRecurring(ctx: AppContext, firstRunAt: Date) {
  for (const name of recurringJobs(ctx).keys()) await ensureRecurring(ctx.db, name, firstRunAt);
}
