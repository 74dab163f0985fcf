import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { addRecurring, type Job } from './define';
import { pruneDoneJobs } from './queue';
import { type JobLogger, processOwner, runDueJobs, scheduleRecurring } from './runner';

export {
  type DefinedJob,
  defineJob,
  type Job,
  type JobDefinition,
  type JobLogger,
  type JobRun,
} from './define';
export {
  cancelPendingJob,
  claimDueJobs,
  type DbOrTx,
  type EnqueueOptions,
  enqueue,
  enqueueOnce,
  enqueueOnceMany,
  findJob,
  type JobRow,
  listDeadJobs,
  releaseDedupeKey,
  retryDeadJob,
} from './queue';
export { type RunOptions, type RunSummary, runDueJobs } from './runner';

/** Finished jobs are kept this long (to see what ran), then pruned; dead ones are kept. */
export const KEEP_DONE_MS = 7 * 24 * 3600_000;

export interface RunnerOptions {
  pollMs?: number;
  now?: () => Date;
  owner?: string;
  /** Delay before the recurring jobs' first run after start. */
  firstRunMs?: number;
}

/**
 * The background runner of one instance: makes the recurring jobs' rows, then every `pollMs` runs what is
 * due. Answers a stop function that waits for the job in progress.
 */
export function startJobRunner(
  ctx: AppContext,
  log: JobLogger,
  opts: RunnerOptions = {},
): () => Promise<void> {
  const clock = opts.now ?? (() => new Date());
  const pollMs = opts.pollMs ?? 1000;
  let stopped = false;
  let started = false;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  const tick = async () => {
    running = true;
    try {
      await runDueJobs(ctx, { now: clock, owner: opts.owner ?? processOwner, log });
    } catch (err) {
      log.error({ err }, 'job runner tick failed');
    }
    running = false;
    if (stopped) return;
    if (again) {
      again = false;
      current = tick();
    } else schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => {
      current = tick();
    }, pollMs);
    timer.unref();
  };
  current = scheduleRecurring(ctx, new Date(clock().getTime() + (opts.firstRunMs ?? 2000)))
    .catch((err) => log.error({ err }, 'could not schedule the recurring jobs'))
    .then(() => {
      started = true;
      if (!stopped) schedule();
    });
  wakers.set(ctx, () => {
    if (stopped || !started) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    current = tick();
  });
  return async () => {
    stopped = true;
    wakers.delete(ctx);
    clearTimeout(timer);
    await current;
  };
}

const wakers = new WeakMap<AppContext, () => void>();

/**
 * Runs what is due now instead of at the next poll, when this app runs a job runner (not in tests, which run jobs
 * with `runDueJobs`): a job enqueued for someone watching a screen (a proof decision's recompute) then starts at
 * once, after its transaction committed.
 */
export function wakeJobRunner(ctx: AppContext) {
  wakers.get(ctx)?.();
}

const runnerOf = new WeakSet<AppContext>();

/**
 * Registers periodic jobs (each runs every `everyMs`, once across all instances) and makes sure this app runs
 * the job queue: started when the app is ready, stopped before it closes. Tests run jobs with `runDueJobs`.
 */
export function registerJobs(app: FastifyInstance, jobs: Job[]) {
  const { ctx } = app;
  for (const job of jobs) addRecurring(ctx, job);
  if (runnerOf.has(ctx)) return;
  runnerOf.add(ctx);
  addRecurring(ctx, {
    name: 'jobs-prune',
    everyMs: 24 * 3600_000,
    run: () => pruneDoneJobs(ctx.db, new Date(Date.now() - KEEP_DONE_MS)),
  });
  if (ctx.config.NODE_ENV === 'test') return;
  let stop = async () => {};
  let closing = false;
  app.addHook('onReady', async () => {
    // The runner queries: it starts once the database is migrated (a start serves the page before that).
    app.databaseReady.then(
      () => {
        if (!closing) stop = startJobRunner(ctx, app.log);
      },
      () => {},
    );
  });
  app.addHook('preClose', async () => {
    closing = true;
    await stop();
  });
}
