// The team access check's cost per request (docs/TEAMS.md): a member reads a team Pact's chat page
// (GET /api/challenges/:id/messages, which asks the team access rule: billing clock, the member's subscription)
// with 10,000 subscriptions in the team, side by side with the same request on a public Pact of the same coach with
// the same messages (no team, no check). Runs the BUILT server (dist/) from a snapshot copy on a fresh PostgreSQL
// database, seeds the members with generate_series, and alternates the two cases (A B A B) so drift hits both.
// Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// Usage: node bench/team-access.bench.mjs [--subscriptions=10000] [--seconds=8] [--connections=10] [--dist=DIR]
import fs from 'node:fs';
import autocannon from 'autocannon';
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

const SUBSCRIPTIONS = Number(arg('subscriptions', '10000'));
const SECONDS = Number(arg('seconds', '8'));
const CONNECTIONS = Number(arg('connections', '10'));
const MESSAGES = 30;

await requirePostgres();
const db = benchDatabase('sp_bench_team');

function summarize(r) {
  if (r.non2xx || r.errors) throw new Error(`${r.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { p50: r.latency.p50, p99: r.latency.p99, mean: r.latency.average, rps: r.requests.average };
}

const project = snapshotBuiltServer('team-access');
const dataDir = tempDir('team-access-data');
let server;
await db.create();
try {
  const started = await startServer({ project, databaseUrl: db.url, dataDir });
  server = started.server;
  const { base, origin } = started;

  // --- people and Pacts through the API ----------------------------------------------------------------------
  const post = poster(base, origin);
  const signUp = async (name) =>
    (await signUpPerson(post, { email: `${name}@bench.local`, firstName: name, lastName: 'Bench' })).cookie;
  const send = async (cookie, method, p, body) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { cookie, origin, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const coach = await signUp('coach');
  const member = await signUp('member');
  const pactBody = {
    exerciseType: 'squats',
    targetValue: 20,
    title: 'Bench Pact',
    totalDays: 30,
    scheduleDays: ['monday', 'wednesday', 'friday'],
    isCustom: false,
  };
  const team = await send(coach, 'POST', '/api/challenges', {
    ...pactBody,
    visibility: 'pro',
    teamName: 'Bench team',
    teamDescription: 'Measured',
    monthlyPrice: 29,
  });
  const open = await send(coach, 'POST', '/api/challenges', { ...pactBody, visibility: 'public' });
  await send(member, 'POST', `/api/teams/${team.teamId}/subscribe`);
  for (const pact of [team, open]) {
    await send(member, 'POST', `/api/challenges/${pact.id}/join`);
    for (let i = 0; i < MESSAGES; i += 1) {
      await send(coach, 'POST', `/api/challenges/${pact.id}/chat`, { message: `Set ${i + 1}: ten squats` });
    }
  }

  // --- 10,000 other members' subscriptions (every state) -----------------------------------------------------
  const t0 = performance.now();
  await withClient(db.url, async (c) => {
    await c.query(`
      insert into users (id, email, username, first_name, last_name, time_zone)
      select 'bench-m' || g, 'bench-m' || g || '@bench.local', 'bench_member_' || g, 'M' || g, 'B', 'UTC'
      from generate_series(1, ${SUBSCRIPTIONS}) g`);
    await c.query(`
      insert into subscriptions (team_id, user_id, status, price_cents, trial_ends_at, current_period_end, provider)
      select ${team.teamId}, 'bench-m' || g,
             (array['trialing','active','active','active','past_due','canceled','expired'])[1 + g % 7],
             2900, null, now() + ((g % 60) - 20) * interval '1 day', 'test'
      from generate_series(1, ${SUBSCRIPTIONS}) g`);
    await c.query('analyze');
  });
  const seedSeconds = (performance.now() - t0) / 1000;

  const cases = {
    team: `/api/challenges/${team.id}/messages`,
    open: `/api/challenges/${open.id}/messages`,
  };
  const headers = { cookie: member };
  for (const p of Object.values(cases)) {
    const res = await fetch(`${base}${p}`, { headers });
    const body = await res.json();
    if (res.status !== 200 || body.items.length !== MESSAGES) throw new Error(`${p}: ${res.status}`);
  }
  const load = (p, duration) =>
    autocannon({ url: `${base}${p}`, headers, connections: CONNECTIONS, duration });
  for (const p of Object.values(cases)) await load(p, 2); // warm-up, not counted
  const runs = { team: [], open: [] };
  for (let round = 0; round < 2; round += 1) {
    for (const [name, p] of Object.entries(cases)) runs[name].push(summarize(await load(p, SECONDS / 2)));
  }
  const merge = (list) => ({
    p50: Math.max(...list.map((r) => r.p50)),
    p99: Math.max(...list.map((r) => r.p99)),
    mean: list.reduce((s, r) => s + r.mean, 0) / list.length,
    rps: list.reduce((s, r) => s + r.rps, 0) / list.length,
  });
  const results = { team: merge(runs.team), open: merge(runs.open) };
  const ratio = { mean: results.team.mean / results.open.mean, rps: results.team.rps / results.open.rps };
  const perRequestMs = results.team.mean - results.open.mean;

  const f = (x) => String(x).padStart(9);
  console.log(
    `\n${SUBSCRIPTIONS} subscriptions in the team (seeded in ${seedSeconds.toFixed(1)} s); ${SECONDS} s per case in two ` +
      `alternating halves, ${CONNECTIONS} connections; latency in ms (autocannon)\n` +
      `${'case'.padEnd(6)}|${f('p50')}${f('p99')}${f('mean')}${f('req/s')}`,
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(`${name.padEnd(6)}|${f(r.p50)}${f(r.p99)}${f(r.mean.toFixed(2))}${f(Math.round(r.rps))}`);
  }
  console.log(
    `team/open: mean x${ratio.mean.toFixed(3)}, req/s x${ratio.rps.toFixed(3)}; ` +
      `the check adds ${perRequestMs.toFixed(2)} ms mean per request under this load`,
  );
  console.log(
    `\nwrote ${writeResult('team-access', { subscriptions: SUBSCRIPTIONS, seconds: SECONDS, connections: CONNECTIONS, messages: MESSAGES, seedSeconds, cases, results, runs, ratio, perRequestMs })}`,
  );
} finally {
  await server?.stop();
  await db.drop();
  fs.rmSync(project, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
