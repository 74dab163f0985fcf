import type { AppContext } from '../../context';
import { type DbOrTx, type EnqueueOptions, enqueue, type JobRow } from './queue';

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRun {
  job: JobRow;
  log: JobLogger;
  /** The runner's clock (tests move it). */
  now: Date;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

export interface JobDefinition<P> {
  name: string;
  /** Checks the stored payload before the handler sees it (a zod schema's parse fits). */
  parse?: (raw: unknown) => P;
  handler: (ctx: AppContext, payload: P, run: JobRun) => Promise<unknown>;
  /** Runs before the job is dead (kept, logged, not retried). Default 10. */
  maxAttempts?: number;
  /** Wait before retry n: baseMs * 2^(n-1), at most capMs. Default 10 s doubling up to 1 hour. */
  backoff?: { baseMs: number; capMs: number };
  /** How long a run may go without its runner renewing the lock before another runner takes it over. */
  lockMs?: number;
  /** What stays of the payload once the job is done: drop secrets (links with tokens) and personal data. */
  scrub?: (payload: P) => unknown;
}

export interface DefinedJob<P>
  extends Required<Pick<JobDefinition<P>, 'maxAttempts' | 'backoff' | 'lockMs'>> {
  readonly definition: JobDefinition<P>;
  name: string;
  /** Stores the job (inside the caller's transaction when given one); null when deduplicated. */
  enqueue(db: DbOrTx, payload: P, opts?: EnqueueOptions): Promise<number | null>;
}

export const DEFAULT_BACKOFF = { baseMs: 10_000, capMs: 60 * 60_000 };
export const DEFAULT_LOCK_MS = 60_000;

const definitions = new Map<string, DefinedJob<unknown>>();

/**
 * Declares a job kind once, at module level: its handler takes the app context, so every instance runs it with
 * its own. The name is what is stored in the row; renaming it orphans stored jobs.
 */
export function defineJob<P>(definition: JobDefinition<P>): DefinedJob<P> {
  if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice`);
  const defined: DefinedJob<P> = {
    definition,
    name: definition.name,
    maxAttempts: definition.maxAttempts ?? 10,
    backoff: definition.backoff ?? DEFAULT_BACKOFF,
    lockMs: definition.lockMs ?? DEFAULT_LOCK_MS,
    enqueue: (db, payload, opts) => enqueue(db, definition.name, payload, opts),
  };
  definitions.set(definition.name, defined as DefinedJob<unknown>);
  return defined;
}

export function jobDefinition(name: string): DefinedJob<unknown> | undefined {
  return definitions.get(name);
}

/** A periodic job: runs every `everyMs`, once across all instances. */
export interface Job {
  name: string;
  everyMs: number;
  /** Gets the runner's clock (tests move it); a direct call may leave it out (the real time). */
  run: (now?: Date) => Promise<unknown>;
}

const recurringByApp = new WeakMap<AppContext, Map<string, Job>>();

/** Recurring jobs are closures over one app's context, so each app keeps its own list. */
export function addRecurring(ctx: AppContext, job: Job) {
  let map = recurringByApp.get(ctx);
  if (!map) {
    map = new Map();
    recurringByApp.set(ctx, map);
  }
  map.set(job.name, job);
}

export function recurringJobs(ctx: AppContext): Map<string, Job> {
  return recurringByApp.get(ctx) ?? new Map();
}

/** Wait before the next try after `attempts` runs failed. */
export function backoffMs(backoff: { baseMs: number; capMs: number }, attempts: number): number {
  return Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1));
}
