import { performance } from 'node:perf_hooks';
import type { AppContext } from '../../context';
import type { SessionUser } from '../session/guard';
import * as repo from './repo';

/**
 * Ranks outside the top 100 without counting every user on each request. Counting the users above a low value
 * scans nearly the whole table (100,000 rows: ~50 ms or more), so each metric's value histogram over real users
 * is read once and kept for a minute; a rank is then a sum over it, corrected per caller by two small indexed
 * counts (users they blocked or were blocked by, and a demo visitor's own sandbox friends). Ranks outside the top
 * 100 may therefore lag a minute behind; the top 100 itself is always read fresh. Tests use no cache.
 */
const TTL_MS = 60_000;
let ttlOverride: number | null = null;

/** For benchmarks: force a cache lifetime (0: recount every time) whatever the environment. */
export function configureRankCache(opts: { ttlMs: number | null }) {
  ttlOverride = opts.ttlMs;
}

type Histogram = { value: number; n: number }[];
const caches = new WeakMap<AppContext, Map<repo.RankMetric, { at: number; rows: Histogram }>>();

async function histogram(ctx: AppContext, metric: repo.RankMetric): Promise<Histogram> {
  const ttl = ttlOverride ?? (ctx.config.NODE_ENV === 'test' ? 0 : TTL_MS);
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  const hit = cache.get(metric);
  if (hit && performance.now() - hit.at < ttl) return hit.rows;
  const rows = await repo.histogram(ctx.db, metric);
  cache.set(metric, { at: performance.now(), rows }); // monotonic: a clock step never extends it
  return rows;
}

/** Real users with more than `value` of `metric` (the histogram is sorted highest first). */
export async function realUsersAbove(
  ctx: AppContext,
  metric: repo.RankMetric,
  value: number,
): Promise<number> {
  let above = 0;
  for (const row of await histogram(ctx, metric)) {
    if (row.value <= value) break;
    above += row.n;
  }
  return above;
}

/** 1 + the users `me` sees on the global board with more than `value` of `metric`. */
export async function globalRank(ctx: AppContext, me: SessionUser, metric: repo.RankMetric, value: number) {
  const [above, blocked, sandbox] = await Promise.all([
    realUsersAbove(ctx, metric, value),
    repo.countBlockedAbove(ctx.db, me.id, metric, value),
    me.isDemo ? repo.countDemoFriendsAbove(ctx.db, me.id, metric, value) : 0,
  ]);
  return 1 + above - blocked + sandbox;
}
