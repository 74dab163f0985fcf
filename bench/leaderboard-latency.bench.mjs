// Leaderboard, activity and progress at scale: 100,000 users and 1,000,000 approved proofs on PostgreSQL.
// Seeds a fresh database with generate_series (a minute or two), then measures p50/p99 of
//   GET /api/leaderboard (global, each metric; friends scope) and GET /api/user/activity (friends, near)
// through the real app (app.inject: routing, auth, validation and SQL; no network), and the cost of
// recomputeUser after one approval for a user with a year of history.
// Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// Usage: node bench/leaderboard-latency.bench.mjs [--users=100000] [--proofs=1000000] [--requests=200] [--keep]
// (--keep leaves the seeded database for EXPLAIN ANALYZE.)
import { register } from 'tsx/esm/api';
import { arg, writeResult } from './lib.mjs';
import { benchDatabase, requirePostgres } from './pg-server.mjs';

register();
const { buildApp } = await import('../server/app.ts');
const { loadConfig } = await import('../server/config.ts');
const { openDatabase } = await import('../server/db/client.ts');
const { recomputeUser } = await import('../server/modules/progress/service.ts');
const { configureRankCache } = await import('../server/modules/leaderboard/ranks.ts');

const USERS = Number(arg('users', '100000'));
const PROOFS = Number(arg('proofs', '1000000'));
const REQUESTS = Number(arg('requests', '200'));
const PACTS = Math.max(10, Math.round(USERS / 10));
/**
 * Goal: every measured endpoint's median under 100 ms at full scale. The median, not p99, is the goal because
 * p99 on a shared 2-core machine follows the machine's load (the /api/auth/user baseline row shows how much).
 */
const P50_GOAL_MS = 100;

await requirePostgres();
const db = benchDatabase('sp_bench');
const name = db.name;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x) => `${x.toFixed(1)} ms`;

await db.create();
const database = await openDatabase({ url: db.url, dir: null });
let app;
try {
  await database.migrate();
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_CLIENT: false, DISABLE_RATE_LIMIT: true },
  );
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  const run = (sql) => database.db.execute(sql);
  const { sql } = await import('drizzle-orm');

  // --- seed --------------------------------------------------------------------------------------------------
  let t0 = performance.now();
  await run(
    sql.raw(`
    insert into users (id, email, username, first_name, last_name, time_zone, streak_count, streak_points,
                       total_workouts, total_xp, level, is_demo)
    select 'u' || g, 'u' || g || '@bench.local', 'user_' || g, 'First' || g, 'Last',
           (array['UTC','Europe/Berlin','America/New_York','Asia/Tokyo','Australia/Sydney'])[1 + g % 5],
           (random() * 40)::int, (random() * 800)::int, (random() * 300)::int, (random() * 5000)::int,
           1 + (random() * 10)::int, g % 50 = 0
    from generate_series(1, ${USERS}) g`),
  );
  // Everyone has 10 friends (both directions stored).
  await run(
    sql.raw(`
    insert into friendships (user_id, friend_id)
    select 'u' || g, 'u' || (1 + (g + k - 1) % ${USERS}) from generate_series(1, ${USERS}) g, generate_series(1, 5) k
    union all
    select 'u' || (1 + (g + k - 1) % ${USERS}), 'u' || g from generate_series(1, ${USERS}) g, generate_series(1, 5) k
    on conflict do nothing`),
  );
  await run(
    sql.raw(`
    insert into pacts (title, creator_id, exercise_type, target_value, difficulty, workout_time, schedule_days,
                       total_days, visibility, participant_count)
    select 'Pact ' || g, 'u' || (1 + (g * 7919) % ${USERS}), 'push-ups', 20,
           (array['easy','medium','hard'])[1 + g % 3], '07:30',
           array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'], 365,
           (array['public','public','public','public','public','public','public','public','friends','private'])[1 + g % 10], 1
    from generate_series(1, ${PACTS}) g`),
  );
  // Proofs spread over the last 365 days; each proof needs its workout_proof chat message.
  await run(
    sql.raw(`
    with m as (
      insert into chat_messages (pact_id, user_id, type, body, created_at)
      select 1 + (g % ${PACTS}), 'u' || (1 + (g * 31) % ${USERS}), 'workout_proof', '',
             now() - (random() * interval '365 days')
      from generate_series(1, ${PROOFS}) g
      returning id, pact_id, user_id, created_at)
    insert into proofs (message_id, pact_id, user_id, value, status, recorded_day, created_at, decided_at)
    select id, pact_id, user_id, 20, 'approved', created_at::date, created_at, created_at from m`),
  );
  await run(sql.raw('analyze'));
  const seedSeconds = (performance.now() - t0) / 1000;
  console.log(
    `seeded ${USERS} users, ${PACTS} Pacts, ${PROOFS} approved proofs in ${seedSeconds.toFixed(1)} s`,
  );

  // The caller: a real signed-up user with 10 friends, a Pact and a year of approved workouts.
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { origin: 'http://localhost:3000' },
    payload: {
      email: 'bench@example.com',
      password: 'correct horse battery',
      dateOfBirth: '1990-01-01',
      firstName: 'Bench',
      lastName: 'User',
      timeZone: 'Europe/Berlin',
    },
  });
  const me = signUp.json().user;
  const cookie = [signUp.headers['set-cookie']]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
  await run(sql`insert into friendships (user_id, friend_id)
    select ${me.id}, 'u' || g from generate_series(1, 10) g
    union all select 'u' || g, ${me.id} from generate_series(1, 10) g`);
  await run(sql`insert into participations (user_id, pact_id, start_day)
    values (${me.id}, 1, (now() - interval '364 days')::date)`);
  await run(sql`with m as (
      insert into chat_messages (pact_id, user_id, type, body, created_at)
      select 1, ${me.id}, 'workout_proof', '', now() - g * interval '1 day' from generate_series(1, 300) g
      returning id, pact_id, user_id, created_at)
    insert into proofs (message_id, pact_id, user_id, value, status, recorded_day, created_at)
    select id, pact_id, user_id, 20, 'approved', created_at::date, created_at from m`);
  // Friends worked out today, so the Friends tab has something to find.
  await run(sql`with m as (
      insert into chat_messages (pact_id, user_id, type, body, created_at)
      select 1 + g, 'u' || g, 'workout_proof', '', now() - interval '5 minutes' from generate_series(1, 10) g
      returning id, pact_id, user_id, created_at)
    insert into proofs (message_id, pact_id, user_id, value, status, recorded_day, created_at)
    select id, pact_id, user_id, 20, 'approved', created_at::date, created_at from m`);

  // --- measure -----------------------------------------------------------------------------------------------
  const endpoints = [
    // Baseline: session lookup and a one-row read, the floor under every signed-in call.
    '/api/auth/user',
    '/api/leaderboard?metric=streak',
    '/api/leaderboard?metric=points',
    '/api/leaderboard?metric=workouts',
    '/api/leaderboard?scope=friends&metric=streak',
    '/api/user/activity?tab=friends',
    '/api/user/activity?tab=near',
  ];
  // The global boards once more with the rank histogram recounted on every request (no cache): the worst case.
  const uncached = endpoints
    .filter((p) => p.startsWith('/api/leaderboard?metric'))
    .map((p) => `${p}&nocache`);
  const results = {};
  for (const entry of [...endpoints, ...uncached]) {
    const path = entry.replace('&nocache', '');
    configureRankCache({ ttlMs: entry.endsWith('&nocache') ? 0 : 60_000 });
    const samples = [];
    let body;
    for (let i = 0; i < REQUESTS + 10; i += 1) {
      t0 = performance.now();
      const res = await app.inject({ url: path, headers: { cookie } });
      const took = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      body = res.json();
      if (i >= 10) samples.push(took); // the first 10 warm caches and plans
    }
    const size = Array.isArray(body) ? body.length : (body.entries?.length ?? 1);
    results[entry] = { p50: pct(samples, 50), p99: pct(samples, 99), items: size, myRank: body.me?.rank };
  }

  // recomputeUser after one approval (300 approved proofs of history): the cost paid per decision.
  const recompute = [];
  const proofIds = (
    await run(sql`select id from proofs where user_id = ${me.id} order by id limit 60`)
  ).rows.map((r) => r.id);
  for (const id of proofIds) {
    await run(sql`update proofs set status = 'rejected' where id = ${id}`);
    await recomputeUser(app.ctx, me.id);
    await run(sql`update proofs set status = 'approved' where id = ${id}`);
    t0 = performance.now();
    await recomputeUser(app.ctx, me.id);
    recompute.push(performance.now() - t0);
  }
  const recomputeStats = { p50: pct(recompute.slice(10), 50), p99: pct(recompute.slice(10), 99) };

  console.log(`\n${'endpoint'.padEnd(46)} ${'p50'.padStart(10)} ${'p99'.padStart(10)}  items`);
  for (const [path, r] of Object.entries(results)) {
    console.log(
      `${path.padEnd(46)} ${ms(r.p50).padStart(10)} ${ms(r.p99).padStart(10)}  ${r.items}${r.myRank ? ` (my rank #${r.myRank})` : ''}`,
    );
  }
  console.log(
    `${'recomputeUser after one approval (300 proofs)'.padEnd(46)} ${ms(recomputeStats.p50).padStart(10)} ${ms(recomputeStats.p99).padStart(10)}`,
  );
  // The goal applies to what users get: cached ranks, not the session baseline or the no-cache worst case.
  const misses = Object.entries(results).filter(
    ([p, r]) => p !== '/api/auth/user' && !p.endsWith('&nocache') && r.p50 > P50_GOAL_MS,
  );
  writeResult('leaderboard-latency', {
    users: USERS,
    proofs: PROOFS,
    requests: REQUESTS,
    seedSeconds,
    endpoints: results,
    recomputeUser: recomputeStats,
    goalP50Ms: P50_GOAL_MS,
  });
  if (USERS >= 100_000 && misses.length > 0) {
    console.log(`\nmissed the ${P50_GOAL_MS} ms median goal: ${misses.map(([p]) => p).join(', ')}`);
    process.exitCode = 1;
  } else {
    console.log(`\ngoal: median under ${P50_GOAL_MS} ms for every endpoint: met`);
  }
} finally {
  await app?.close();
  await database.close();
  if (process.argv.includes('--keep')) console.log(`kept database ${name} (drop it yourself)`);
  else await db.drop();
}
