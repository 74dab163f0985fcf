// Coach analytics (GET /api/teams/:id/analytics) of a team with 10,000 members and 1,000,000 proofs in PostgreSQL,
// over real HTTP against the BUILT server (a snapshot copy of dist/), one request at a time: p50/p99 of the
// weekly and the monthly series, side by side with GET /api/health on the same server (the floor: HTTP, routing,
// no session, no SQL). Seeds with generate_series: the coach signs up and creates a Pro Pact through the API; the
// members, their subscriptions (mixed states over 6 months), charges, participations in the team's 5 Pacts, and
// the proofs with their chat messages are rows.
// Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// `--before-dist=DIR`: a build copied aside (the code before a change) is run first on the same seeded database and
// measured the same way, then this checkout's build (`--dist=DIR` or dist/), which applies its own migrations.
// Usage: node bench/coach-analytics.bench.mjs [--members=10000] [--proofs=1000000] [--requests=60] [--before-dist=DIR]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { analyticsBefore } from './coach-analytics-before.mjs';
import { arg, tempDir, writeResult } from './lib.mjs';
import {
  benchDatabase,
  poster,
  requirePostgres,
  signUpPerson,
  snapshotBuiltServer,
  startServer,
  withClient,
} from './pg-server.mjs';

const MEMBERS = Number(arg('members', '10000'));
const PROOFS = Number(arg('proofs', '1000000'));
const REQUESTS = Number(arg('requests', '60'));
const PACTS = 5;
const BEFORE_DIST = arg('before-dist', '');
// One secret for both servers, so the coach's session cookie holds across them.
// Paid teams need billing on: test mode (a Pro Pact cannot be made without it).
const env = { AUTH_SECRET: randomBytes(32).toString('hex'), BILLING_MODE: 'test' };

await requirePostgres();
const db = benchDatabase('sp_bench_analytics');

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** REQUESTS sequential GETs after 5 warm-up ones: p50, p99, mean in ms. */
async function measure(url, headers) {
  for (let i = 0; i < 5; i += 1) await (await fetch(url, { headers })).arrayBuffer();
  const times = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const r = (x) => Math.round(x * 10) / 10;
  return {
    p50: r(pct(times, 50)),
    p99: r(pct(times, 99)),
    mean: r(times.reduce((s, x) => s + x, 0) / times.length),
  };
}

const project = snapshotBuiltServer('coach-analytics');
const beforeProject = BEFORE_DIST ? snapshotBuiltServer('coach-analytics-before', BEFORE_DIST) : null;
const dataDir = tempDir('coach-analytics-data');
let server;
await db.create();
try {
  const started = await startServer({ project: beforeProject ?? project, databaseUrl: db.url, dataDir, env });
  server = started.server;
  let { base } = started;
  const { origin } = started;

  // --- the coach and the team, through the API -----------------------------------------------------------------
  const post = poster(base, origin);
  const { cookie, user: coach } = await signUpPerson(post, { email: 'coach@example.com', lastName: 'Coach' });
  const coachId = coach.id;
  const pact = await (
    await post(
      '/api/challenges',
      {
        exerciseType: 'squats',
        targetValue: 30,
        title: 'Coached squats',
        visibility: 'pro',
        totalDays: 60,
        scheduleDays: ['monday', 'wednesday', 'friday', 'saturday'],
        isCustom: false,
        monthlyPrice: 29,
        teamName: 'Bench Team',
        teamDescription: 'Ten thousand members strong.',
      },
      cookie,
    )
  ).json();
  const teamId = pact.teamId;

  // --- rows ----------------------------------------------------------------------------------------------------
  const t0 = performance.now();
  await withClient(db.url, async (c) => {
    await c.query(`
      insert into users (id, email, username, first_name, last_name)
      select 'm' || g, 'm' || g || '@bench.local', 'member_' || g, 'Member' || g, 'Bench'
      from generate_series(1, ${MEMBERS}) g`);
    // More team Pacts (the API made the first).
    await c.query(
      `insert into pacts (title, creator_id, exercise_type, target_value, schedule_days, total_days, visibility,
                          team_id, created_at)
       select 'Team Pact ' || g, $1, 'squats', 20, array['monday','tuesday','thursday','saturday'], 90, 'pro', $2,
              now() - interval '200 days'
       from generate_series(2, ${PACTS}) g`,
      [coachId, teamId],
    );
    // Subscriptions over 6 months: 60% active, 15% trialing, 5% past due, 20% ended (canceled/expired/unpaid).
    await c.query(
      `insert into subscriptions (team_id, user_id, status, price_cents, trial_ends_at, current_period_end,
                                  provider, created_at, updated_at)
       select $1, 'm' || g,
              case when g % 20 < 12 then 'active' when g % 20 < 15 then 'trialing' when g % 20 = 15 then 'past_due'
                   else (array['canceled','expired','unpaid'])[1 + g % 3] end,
              2900, c + interval '7 days',
              case when g % 20 = 15 then now() - interval '1 day' else now() + interval '20 days' end,
              'test', c, case when g % 20 >= 16 then c + interval '40 days' else c end
       -- Trials began in the last 7 days; every other subscription's trial is over (it paid or ended), and an
       -- ended one ended 40 days after it began, in the past: no charge or end lies ahead of now.
       from (select g, now() - case when g % 20 between 12 and 14 then random() * 6.9
                                    when g % 20 >= 16 then 41 + random() * 139 else 8 + random() * 172 end
                          * interval '1 day' as c
             from generate_series(1, ${MEMBERS}) g) s`,
      [teamId],
    );
    // Monthly charges of paying subscriptions, from the end of their trial to now (gross, 15% fee, 85% net).
    await c.query(
      `insert into charges (subscription_id, team_id, user_id, gross_cents, platform_fee_cents, coach_net_cents,
                            created_at)
       select s.id, s.team_id, s.user_id, 2900, 435, 2465, d
       from subscriptions s
       cross join lateral generate_series(s.created_at + interval '7 days',
         case when s.status in ('canceled','expired','unpaid') then s.updated_at else now() end,
         interval '30 days') d
       where s.team_id = $1 and s.status <> 'trialing'`,
      [teamId],
    );
    await c.query(
      `insert into participations (user_id, pact_id, status, start_day, joined_at)
       select s.user_id, p.id, 'active', (s.created_at)::date, s.created_at
       from subscriptions s join pacts p on p.team_id = s.team_id
       where s.team_id = $1 and (hashtext(s.user_id || p.id::text) % 2 = 0 or p.id = $2)`,
      [teamId, pact.id],
    );
    // 1,000,000 approved or pending proofs of those participations, over the last 6 months, with their messages.
    await c.query(`create temporary table bench_parts as
      select row_number() over () as n, user_id, pact_id from participations p
      join pacts k on k.id = p.pact_id where k.team_id = ${teamId}`);
    await c.query(`
      insert into chat_messages (pact_id, user_id, type, body, created_at)
      select bp.pact_id, bp.user_id, 'workout_proof', 'Workout proof submitted',
             now() - ((g::bigint * 7919) % 180) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(1, ${PROOFS}) g
      join bench_parts bp on bp.n = 1 + g % (select count(*) from bench_parts)`);
    await c.query(`
      insert into proofs (message_id, pact_id, user_id, value, status, recorded_day, created_at)
      select m.id, m.pact_id, m.user_id, 30, case when m.id % 10 = 0 then 'pending' else 'approved' end,
             m.created_at::date, m.created_at
      from chat_messages m where m.type = 'workout_proof'`);
    // The team has existed as long as its members (its analytics start on the day it was made).
    await c.query(`update teams set created_at = now() - interval '200 days' where id = $1`, [teamId]);
    // The day-boundary job may have written today's row while the team was a minute old: gone, so the first
    // read fills the 200 days (else the summary starts today and holds none of the seeded history).
    await c.query('delete from team_daily_stats where team_id = $1', [teamId]);
    await c.query('analyze');
  });
  const seedSeconds = (performance.now() - t0) / 1000;
  const counts = await withClient(db.url, async (c) => {
    const q = async (sql) => Number((await c.query(sql)).rows[0].n);
    return {
      subscriptions: await q('select count(*) as n from subscriptions'),
      charges: await q('select count(*) as n from charges'),
      participations: await q('select count(*) as n from participations'),
      proofs: await q('select count(*) as n from proofs'),
    };
  });
  console.log(`seeded in ${seedSeconds.toFixed(1)} s: ${JSON.stringify(counts)}`);

  const headers = { cookie };
  // The first request fills the daily summary of a team older than it (once); timed apart from the lookups.
  const f0 = performance.now();
  await (await fetch(`${base}/api/teams/${teamId}/analytics`, { headers })).arrayBuffer();
  const firstFillMs = Math.round(performance.now() - f0);
  console.log(`first fill of 200 days: ${firstFillMs} ms`);
  const cases = {
    health: '/api/health',
    week: `/api/teams/${teamId}/analytics?period=week`,
    month: `/api/teams/${teamId}/analytics?period=month`,
  };
  const results = {};
  const measureAll = async (suffix) => {
    for (const [name, p] of Object.entries(cases))
      results[`${name}${suffix}`] = { path: p, ...(await measure(`${base}${p}`, headers)) };
  };
  if (beforeProject) {
    // The build before the change first, then this checkout's on the same data (its migrations applied now).
    await measureAll('-before');
    const beforeAnswer = await (await fetch(`${base}${cases.week}`, { headers })).json();
    await server.stop();
    const next = await startServer({ project, databaseUrl: db.url, dataDir, env });
    server = next.server;
    base = next.base;
    await (await fetch(`${base}${cases.week}`, { headers })).arrayBuffer();
    const afterAnswer = await (await fetch(`${base}${cases.week}`, { headers })).json();
    const same = JSON.stringify(beforeAnswer) === JSON.stringify(afterAnswer);
    console.log(`the weekly answer before and after the change is ${same ? 'the same' : 'DIFFERENT'}`);
  }
  await measureAll('');
  // Today's query before the summary: the same figures computed from the raw tables on every load.
  results.before = await withClient(db.url, async (c) => {
    for (let i = 0; i < 3; i += 1) await analyticsBefore(c, teamId, coachId);
    const times = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const t1 = performance.now();
      await analyticsBefore(c, teamId, coachId);
      times.push(performance.now() - t1);
    }
    times.sort((a, b) => a - b);
    const r = (x) => Math.round(x * 10) / 10;
    return {
      path: 'SQL of the old service (no HTTP)',
      p50: r(pct(times, 50)),
      p99: r(pct(times, 99)),
      mean: r(times.reduce((s, x) => s + x, 0) / times.length),
    };
  });
  const sample = await (await fetch(`${base}${cases.week}`, { headers })).json();
  console.log(`totals: ${JSON.stringify(sample.totals)}`);
  console.log(`\n${REQUESTS} sequential requests each; ms`);
  for (const [name, r] of Object.entries(results))
    console.log(
      `${name.padEnd(14)} p50 ${String(r.p50).padStart(7)}  p99 ${String(r.p99).padStart(7)}  mean ${r.mean}`,
    );
  console.log(
    `\nwrote ${writeResult('coach-analytics', { members: MEMBERS, proofs: PROOFS, requests: REQUESTS, seedSeconds, firstFillMs, counts, cases: results })}`,
  );
} finally {
  await server?.stop();
  await db.drop();
  fs.rmSync(project, { recursive: true, force: true });
  if (beforeProject) fs.rmSync(beforeProject, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
