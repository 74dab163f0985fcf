import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  cancelPendingJob,
  claimDueJobs,
  defineJob,
  enqueue,
  findJob,
  registerJobs,
  runDueJobs,
  startJobRunner,
} from './index';

/** Which payloads each job kind has run, in order. */
const ran = new Map<string, string[]>();
const record = (kind: string, tag: string) => ran.set(kind, [...(ran.get(kind) ?? []), tag]);
const tick = () => new Promise((r) => setTimeout(r, 5));

const once = defineJob<{ tag: string }>({
  name: 'test.once',
  handler: async (_ctx, { tag }) => {
    await tick();
    record('once', tag);
  },
});
let failuresLeft = 0;
const flaky = defineJob<{ tag: string }>({
  name: 'test.flaky',
  backoff: { baseMs: 10_000, capMs: 60_000 },
  maxAttempts: 3,
  handler: async (_ctx, { tag }) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('smtp down');
    }
    record('flaky', tag);
  },
});
const secret = defineJob<{ to: string; link: string }>({
  name: 'test.secret',
  handler: async (_ctx, { to }) => record('secret', to),
  scrub: ({ to }) => ({ to }),
});

let a: TestApp;
let b: TestApp;
const T0 = new Date('2030-01-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { shareDatabaseWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const row = async (id: number | null) => (id === null ? null : findJob(a.database.db, id));

describe('job queue', () => {
  it('runs a due job once, keeps it as done, and waits for a job not yet due', async () => {
    const now = await once.enqueue(a.database.db, { tag: 'now' }, { runAt: T0 });
    const later = await once.enqueue(a.database.db, { tag: 'later' }, { runAt: at(3600_000) });
    expect(await runDueJobs(a.app.ctx, { now: T0 })).toMatchObject({ done: 1 });
    expect(ran.get('once')).toEqual(['now']);
    expect(await row(now)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
    expect((await row(later))?.status).toBe('pending');
    expect(await runDueJobs(a.app.ctx, { now: at(3600_000) })).toMatchObject({ done: 1 });
    expect(ran.get('once')).toEqual(['now', 'later']);
  });

  it('deduplicates by key while a job is pending, and frees the key once it is done', async () => {
    const db = a.database.db;
    const first = await once.enqueue(db, { tag: 'd1' }, { runAt: T0, dedupeKey: 'mail:42' });
    expect(first).not.toBeNull();
    expect(await once.enqueue(db, { tag: 'd2' }, { runAt: T0, dedupeKey: 'mail:42' })).toBeNull();
    await runDueJobs(a.app.ctx, { now: T0 });
    expect(ran.get('once')).toContain('d1');
    expect(ran.get('once')).not.toContain('d2');
    expect(await once.enqueue(db, { tag: 'd3' }, { runAt: T0, dedupeKey: 'mail:42' })).not.toBeNull();
    await runDueJobs(a.app.ctx, { now: T0 });
    expect(ran.get('once')).toContain('d3');
  });

  it('withdraws a pending job by its key, so it never runs', async () => {
    const db = a.database.db;
    await once.enqueue(db, { tag: 'withdrawn' }, { runAt: at(1000), dedupeKey: 'erase:7' });
    expect(await cancelPendingJob(db, 'erase:7')).toBe(true);
    expect(await cancelPendingJob(db, 'erase:7')).toBe(false);
    await runDueJobs(a.app.ctx, { now: at(2000) });
    expect(ran.get('once')).not.toContain('withdrawn');
  });

  it("is part of the caller's transaction: a rolled back enqueue leaves no job", async () => {
    const db = a.database.db;
    await expect(
      db.transaction(async (tx) => {
        await once.enqueue(tx, { tag: 'rolled-back' }, { runAt: T0 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    let committed: number | null = null;
    await db.transaction(async (tx) => {
      committed = await once.enqueue(tx, { tag: 'committed' }, { runAt: T0 });
    });
    await runDueJobs(a.app.ctx, { now: T0 });
    expect(ran.get('once')).toContain('committed');
    expect(ran.get('once')).not.toContain('rolled-back');
    expect((await row(committed))?.status).toBe('done');
  });

  it('two instances on one database run each job exactly once', async () => {
    const tags = Array.from({ length: 30 }, (_, i) => `pair-${i}`);
    for (const tag of tags) await once.enqueue(a.database.db, { tag }, { runAt: T0 });
    const [ra, rb] = await Promise.all([
      runDueJobs(a.app.ctx, { now: T0, owner: 'instance-a' }),
      runDueJobs(b.app.ctx, { now: T0, owner: 'instance-b' }),
    ]);
    expect(ra.done + rb.done).toBe(30);
    const done = ran.get('once')!.filter((t) => t.startsWith('pair-'));
    expect(done.sort()).toEqual([...tags].sort());
  });

  it('retries with a growing wait, then succeeds; keeps the last error meanwhile', async () => {
    failuresLeft = 2;
    const id = await flaky.enqueue(a.database.db, { tag: 'retry' }, { runAt: T0 });
    expect(await runDueJobs(a.app.ctx, { now: T0 })).toMatchObject({ retried: 1 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: smtp down' });
    expect((await row(id))?.runAt).toEqual(at(10_000));
    // Not due before its retry time.
    expect(await runDueJobs(a.app.ctx, { now: at(9_000) })).toMatchObject({ retried: 0, done: 0 });
    expect(await runDueJobs(a.app.ctx, { now: at(10_000) })).toMatchObject({ retried: 1 });
    expect((await row(id))?.runAt).toEqual(at(30_000));
    expect(await runDueJobs(a.app.ctx, { now: at(30_000) })).toMatchObject({ done: 1 });
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 3, lastError: null });
    expect(ran.get('flaky')).toEqual(['retry']);
  });

  it('marks a job dead after its last attempt, logs it and keeps it', async () => {
    failuresLeft = 10;
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const id = await flaky.enqueue(a.database.db, { tag: 'doomed' }, { runAt: T0 });
    for (const t of [0, 10_000, 30_000]) await runDueJobs(a.app.ctx, { now: at(t), log });
    expect(await row(id)).toMatchObject({ status: 'dead', attempts: 3, lastError: 'Error: smtp down' });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ jobId: id, job: 'test.flaky' }),
      expect.stringMatching(/dead/),
    );
    expect(await runDueJobs(a.app.ctx, { now: at(10 * 3600_000) })).toMatchObject({ done: 0, retried: 0 });
    failuresLeft = 0;
  });

  it('takes over a job whose runner died mid-run once its lock has expired', async () => {
    const id = await once.enqueue(a.database.db, { tag: 'orphan' }, { runAt: T0 });
    // What a runner that crashed leaves behind: claimed, running, locked for a minute.
    const [claimed] = await claimDueJobs(a.database.db, {
      owner: 'crashed',
      now: T0,
      lockMs: 60_000,
      limit: 1,
    });
    expect(claimed?.id).toBe(id);
    expect(await runDueJobs(b.app.ctx, { now: at(30_000) })).toMatchObject({ done: 0 });
    expect(ran.get('once')).not.toContain('orphan');
    expect(await runDueJobs(b.app.ctx, { now: at(61_000) })).toMatchObject({ done: 1 });
    expect(ran.get('once')!.filter((t) => t === 'orphan')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('runs after a restart a job that fell due while no instance was running', async () => {
    const c = await createTestApp({}, { shareDatabaseWith: a });
    await once.enqueue(c.database.db, { tag: 'downtime' }, { runAt: at(5 * 60_000) });
    await c.close();
    // Ten minutes later a new instance starts its runner.
    const d = await createTestApp({}, { shareDatabaseWith: a });
    const stop = startJobRunner(
      d.app.ctx,
      { info() {}, warn() {}, error() {} },
      { pollMs: 20, now: () => at(10 * 60_000) },
    );
    await expect.poll(() => ran.get('once')?.includes('downtime'), { timeout: 5000 }).toBe(true);
    await stop();
    await d.close();
  });

  it('keeps only what scrub leaves of a finished payload', async () => {
    const id = await secret.enqueue(
      a.database.db,
      { to: 'x@example.com', link: 'https://t/?token=s3cret' },
      { runAt: T0 },
    );
    await runDueJobs(a.app.ctx, { now: T0, names: ['test.secret'] });
    expect((await row(id))?.payload).toEqual({ to: 'x@example.com' });
  });

  it('runs a job nobody defined as a failure to retry, not a crash', async () => {
    const id = await enqueue(a.database.db, 'test.unknown', {}, { runAt: T0 });
    expect(await runDueJobs(a.app.ctx, { now: T0 })).toMatchObject({ retried: 1 });
    expect((await row(id))?.lastError).toMatch(/No handler for job test.unknown/);
    await a.database.db.delete(jobs).where(eq(jobs.id, id!));
  });

  it('runs a recurring job every period on one row, once across instances', async () => {
    let runs = 0;
    const job = {
      name: 'test-recurring',
      everyMs: 60_000,
      run: async () => {
        runs += 1;
      },
    };
    registerJobs(a.app, [job]);
    registerJobs(b.app, [job]);
    const quietLog = { info() {}, warn() {}, error() {} };
    const stops = [
      startJobRunner(a.app.ctx, quietLog, { pollMs: 10, now: () => T0, firstRunMs: 0, owner: 'ra' }),
      startJobRunner(b.app.ctx, quietLog, { pollMs: 10, now: () => T0, firstRunMs: 0, owner: 'rb' }),
    ];
    await expect.poll(() => runs, { timeout: 5000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    for (const stop of stops) await stop();
    expect(runs).toBe(1);
    const rows = await a.database.db.select().from(jobs).where(eq(jobs.name, 'test-recurring'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, dedupeKey: 'recurring:test-recurring' });
    expect(rows[0]?.runAt).toEqual(at(60_000));
  });
});
