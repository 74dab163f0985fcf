// Discover's first page and GET /api/challenges with 100,000 Pacts in PostgreSQL, measured over real HTTP with
// autocannon, side by side with a bare node:http server returning the same bytes (the floor: HTTP + JSON bytes,
// no routing, auth or SQL). Seeds a fresh database with generate_series, starts the BUILT server (dist/) from a
// snapshot copy so a rebuild in this tree cannot break the run, signs up one user through the API and loads:
//   discover  GET /api/challenges?filter=all&limit=10   (exactly what client/features/pacts useChallenges asks)
//   default   GET /api/challenges                        (20 per page)
//   deep      the Discover URL ~50 pages in, by following nextCursor
// Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// Usage: node bench/pacts-list.bench.mjs [--pacts=100000] [--creators=5000] [--seconds=10] [--connections=10]
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import { arg, freePort, tempDir, writeResult } from './lib.mjs';
import {
  benchDatabase,
  poster,
  requirePostgres,
  signUpPerson,
  snapshotBuiltServer,
  startServer,
  withClient,
} from './pg-server.mjs';

const PACTS = Number(arg('pacts', '100000'));
const CREATORS = Number(arg('creators', '5000'));
const SECONDS = Number(arg('seconds', '10'));
const CONNECTIONS = Number(arg('connections', '10'));
const DEEP_PAGES = 50;

await requirePostgres();
const db = benchDatabase('sp_bench_pacts');

function load(url, headers, duration = SECONDS) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration });
}

function summarize(r) {
  if (r.non2xx || r.errors) throw new Error(`${r.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    rps: r.requests.average,
    requests: r.requests.total,
  };
}

const project = snapshotBuiltServer('pacts-list');
const dataDir = tempDir('pacts-list-data');
let server;
let bare;
await db.create();
try {
  // --- start the built server (it migrates the empty database on start) ------------------------------------
  const started = await startServer({ project, databaseUrl: db.url, dataDir });
  server = started.server;
  const { base, origin } = started;

  // --- seed --------------------------------------------------------------------------------------------------
  const t0 = performance.now();
  await withClient(db.url, async (c) => {
    await c.query(`
      insert into users (id, email, username, first_name, last_name, time_zone, total_workouts, total_xp, level)
      select 'bench-u' || g, 'bench-u' || g || '@bench.local', 'bench_user_' || g, 'First' || g, 'Last' || g,
             (array['UTC','Europe/Berlin','America/New_York','Asia/Tokyo'])[1 + g % 4],
             (random() * 300)::int, (random() * 5000)::int, 1 + (random() * 10)::int
      from generate_series(1, ${CREATORS}) g`);
    // Mostly public, some friends-only and private (not visible to the caller), a few hidden; a year of dates.
    await c.query(`
      insert into pacts (title, description, creator_id, exercise_type, target_value, difficulty, workout_time,
                         schedule_days, total_days, visibility, thumbnail_url, is_hidden, participant_count,
                         like_count, created_at, updated_at)
      select 'Pact ' || g || ': ' || (array['Morning push-ups','Squat streak','Plank a day','Run club'])[1 + g % 4],
             'Show up every day for ' || (7 + g % 60) || ' days and keep each other honest.',
             'bench-u' || (1 + (g * 7919) % ${CREATORS}),
             (array['push-ups','squats','plank','running'])[1 + g % 4], 10 + g % 50,
             (array['easy','medium','hard'])[1 + g % 3],
             case when g % 5 = 0 then null else lpad((5 + g % 16)::text, 2, '0') || ':30' end,
             array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'], 7 + g % 60,
             (array['public','public','public','public','public','public','public','public','friends','private'])[1 + g % 10],
             null, g % 200 = 0, (random() * 60)::int, (random() * 300)::int,
             now() - (${PACTS} - g) * interval '5 minutes', now() - (${PACTS} - g) * interval '5 minutes'
      from generate_series(1, ${PACTS}) g`);
    await c.query('analyze');
  });
  const seedSeconds = (performance.now() - t0) / 1000;
  console.log(`seeded ${PACTS} Pacts by ${CREATORS} creators in ${seedSeconds.toFixed(1)} s`);

  // --- one signed-up caller ----------------------------------------------------------------------------------
  const { cookie } = await signUpPerson(poster(base, origin), {
    email: 'bench@example.com',
    timeZone: 'Europe/Berlin',
  });
  const headers = { cookie };

  const get = async (p) => {
    const res = await fetch(`${base}${p}`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${body}`);
    return { body, type: res.headers.get('content-type'), json: JSON.parse(body) };
  };

  // The deep page: follow nextCursor DEEP_PAGES pages in, as a long Discover scroll does.
  const discover = '/api/challenges?filter=all&limit=10';
  let deep = discover;
  for (let i = 0; i < DEEP_PAGES; i += 1) {
    const { json } = await get(deep);
    if (!json.nextCursor) break;
    deep = `${discover}&cursor=${encodeURIComponent(json.nextCursor)}`;
  }

  const cases = { discover, default: '/api/challenges', deep };
  const results = {};
  for (const [name, p] of Object.entries(cases)) {
    const sample = await get(p);
    // Bare floor: same bytes, same content type, no framework.
    const barePort = await freePort();
    bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': sample.type, 'content-length': sample.body.length });
      res.end(sample.body);
    });
    await new Promise((r) => bare.listen(barePort, '127.0.0.1', r));
    await load(`${base}${p}`, headers, 2); // warm-up (JIT, plans, pool), not counted
    const app = summarize(await load(`${base}${p}`, headers));
    const floor = summarize(await load(`http://127.0.0.1:${barePort}/`, {}));
    await new Promise((r) => bare.close(r));
    bare = undefined;
    results[name] = { path: p, items: sample.json.items.length, bytes: sample.body.length, app, bare: floor };
  }

  // --- report --------------------------------------------------------------------------------------------------
  const f = (x) => String(x).padStart(8);
  console.log(
    `\n${SECONDS} s each, ${CONNECTIONS} connections; latency in ms (autocannon)\n` +
      `${'case'.padEnd(9)} ${'items'.padStart(5)} ${'bytes'.padStart(6)} |${f('app p50')}${f('p99')}${f('mean')}${f('req/s')} |${f('bare p50')}${f('p99')}${f('mean')}${f('req/s')} |${f('mean x')}${f('req/s x')}`,
  );
  for (const [name, r] of Object.entries(results)) {
    r.ratio = { mean: r.app.mean / r.bare.mean, rps: r.app.rps / r.bare.rps };
    const side = (x) => `${f(x.p50)}${f(x.p99)}${f(x.mean.toFixed(2))}${f(Math.round(x.rps))}`;
    console.log(
      `${name.padEnd(9)} ${String(r.items).padStart(5)} ${String(r.bytes).padStart(6)} |${side(r.app)} |${side(r.bare)} |${f(r.ratio.mean.toFixed(1))}${f(r.ratio.rps.toFixed(3))}`,
    );
  }
  console.log(`(deep = ${DEEP_PAGES} pages in: ${deep})`);
  console.log('mean x = app mean latency / bare mean latency; req/s x = app req/s / bare req/s (app/bare)');
  console.log(
    `\nwrote ${writeResult('pacts-list', { pacts: PACTS, creators: CREATORS, seconds: SECONDS, connections: CONNECTIONS, seedSeconds, cases: results })}`,
  );
} finally {
  if (bare) await new Promise((r) => bare.close(r));
  await server?.stop();
  await db.drop();
  fs.rmSync(project, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
