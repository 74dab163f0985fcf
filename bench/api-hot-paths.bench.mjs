// The API's hot reads with 100,000 Pacts and 1,000,000 chat messages in PostgreSQL, over real HTTP (autocannon),
// each beside a bare node:http server returning the same bytes (the floor: HTTP and the bytes, no routing, auth
// or SQL), measured one after the other in the same run:
//   discover  GET /api/challenges?filter=all&limit=10   (Discover's first page, as client/features/pacts asks)
//   pact      GET /api/challenges/:id                    (a Pact's detail: the caller's own busy Pact)
//   chat      GET /api/challenges/:id/messages           (the chat's first page; half the messages are in it)
//   user      GET /api/auth/user                         (who is signed in, asked by every screen)
//   health    GET /api/health                            (no session, no SQL: the framework's own cost)
// The server is bundled from this checkout's server/ with esbuild into a temporary folder (no client build, and a
// rebuild of dist/ by someone else cannot change the run). Needs PostgreSQL: BENCH_DATABASE_URL or
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the database is created and dropped.
// Usage: node bench/api-hot-paths.bench.mjs [--pacts=100000] [--messages=1000000] [--seconds=5]
//   [--connections=10] [--cases=discover,pact,chat,user,health] [--cpu-prof=DIR (profile the server into DIR)]
//   [--rounds=5 (app and bare alternate in this many slices, so a noisy neighbour hits both alike)]
//   [--keep (leave the seeded database for EXPLAIN or a later run; its name is printed)] [--reuse=DB (use it)]
//   [--encoding=br|gzip (ask with Accept-Encoding, as a browser does; bare serves the same encoded bytes)]
//   [--writes=N (while the app is measured, the caller posts N chat messages a second to another Pact through the
//   API: the app under writes)]

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { arg, cpuMsOf, root, tempDir, writeResult } from './lib.mjs';
import {
  adminUrl,
  benchDatabase,
  cookieOf,
  finishSnapshot,
  poster,
  requirePostgres,
  startServer,
  withClient,
} from './pg-server.mjs';

const PACTS = Number(arg('pacts', '100000'));
const CREATORS = Number(arg('creators', '5000'));
const MESSAGES = Number(arg('messages', '1000000'));
const SECONDS = Number(arg('seconds', '5'));
const CONNECTIONS = Number(arg('connections', '10'));
const CASES = arg('cases', 'discover,pact,chat,user,health').split(',');
const CPU_PROF = arg('cpu-prof', '');
const ROUNDS = Number(arg('rounds', '5'));
const REUSE = arg('reuse', '');
const KEEP = process.argv.includes('--keep') || Boolean(REUSE);
const ENCODING = arg('encoding', '');
const WRITES = Number(arg('writes', '0'));
const P99_GOAL_MS = 20;
const BUSY_PACT = {
  exerciseType: 'push-ups',
  targetValue: 20,
  title: 'Busy Pact',
  visibility: 'public',
  totalDays: 365,
  scheduleDays: ['monday', 'wednesday', 'friday'],
  isCustom: false,
};
const RATIO_GOAL = 0.5;

await requirePostgres();
const db = benchDatabase('sp_bench_api', REUSE);
const dbName = db.name;

/** This checkout's server as production runs it (one esbuild bundle), with its migrations, node_modules linked. */
async function snapshot() {
  const dir = tempDir('api-hot');
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: path.join(dir, 'dist', 'server', 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return finishSnapshot(dir);
}

function load(url, headers, duration = SECONDS) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration });
}

/** Slices of one side put together: requests over seconds, and the worst slice's p50/p99 (no histogram merge). */
function summarize(runs) {
  for (const r of runs)
    if (r.non2xx || r.errors) throw new Error(`${r.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const requests = runs.reduce((n, r) => n + r.requests.total, 0);
  const seconds = runs.reduce((n, r) => n + r.duration, 0);
  return {
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    rps: requests / seconds,
    requests,
  };
}

/** CPU so far of the app server, the bare server, and each PostgreSQL backend serving the bench database. */
async function cpuNow(appPid, barePid) {
  const { rows } = await withClient(adminUrl, (c) =>
    c.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]),
  );
  return {
    app: cpuMsOf(appPid),
    bare: cpuMsOf(barePid),
    db: new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)])),
  };
}

/** CPU the backends used between two readings (backends present at both). */
function cpuDelta(before, after) {
  let ms = 0;
  for (const [pid, t] of after) if (before.has(pid)) ms += t - before.get(pid);
  return ms;
}

async function startBare(file, type, encoding) {
  const args = [path.join(root, 'bench', 'bare-http.mjs'), file, type, ...(encoding ? [encoding] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  const exited = new Promise((r) => child.on('exit', r));
  return {
    port,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const project = await snapshot();
const dataDir = tempDir('api-hot-data');
let server;
let bare;
let callerCookie = '';
if (!REUSE) await db.create();
try {
  if (CPU_PROF) fs.mkdirSync(CPU_PROF, { recursive: true });
  const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];
  const started = await startServer({
    project,
    databaseUrl: db.url,
    dataDir,
    nodeArgs,
    // A fixed secret: a --reuse run signs in again on the same database.
    env: { AUTH_SECRET: 'bench-api-hot-paths-secret-0123456789abcdef' },
  });
  server = started.server;
  const { base, origin } = started;

  // --- the caller, their busy Pact, then the bulk data by SQL ------------------------------------------------
  const post = poster(base, origin);
  const credentials = { email: 'bench@example.com', password: 'correct horse battery' };
  const signUp = REUSE
    ? await post('/api/auth/email', credentials)
    : await post('/api/auth/signup', {
        ...credentials,
        dateOfBirth: '1990-01-01',
        firstName: 'Bench',
        lastName: 'User',
        timeZone: 'Europe/Berlin',
      });
  const cookie = cookieOf(signUp);
  callerCookie = cookie;
  const me = (await signUp.json()).user;
  const busy = REUSE
    ? await withClient(
        db.url,
        async (c) => (await c.query("select id from pacts where title = 'Busy Pact'")).rows[0],
      )
    : await (await post('/api/challenges', BUSY_PACT, cookie)).json();

  const t0 = performance.now();
  if (!REUSE)
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
      // Twenty members in the busy Pact; half the messages are theirs there, the rest spread over other Pacts.
      await c.query(
        `insert into participations (pact_id, user_id, status, start_day)
       select $1, 'bench-u' || g, 'active', current_date from generate_series(1, 20) g`,
        [busy.id],
      );
      await c.query(
        `insert into chat_messages (pact_id, user_id, type, body, created_at)
       select case when g % 2 = 0 then $1 else 1 + (g * 31) % ${PACTS} end, 'bench-u' || (1 + g % 20),
              case when g % 100 = 0 then 'workout_proof' else 'message' end,
              'message number ' || g, now() - make_interval(secs => ${MESSAGES} - g)
       from generate_series(1, ${MESSAGES}) g`,
        [busy.id],
      );
      await c.query(
        `insert into proofs (message_id, pact_id, user_id, value, status, recorded_day, created_at)
       select id, pact_id, user_id, 20, case when id % 3 = 0 and created_at > now() - interval '12 hours' then 'pending' else 'approved' end,
              created_at::date, created_at
       from chat_messages where type = 'workout_proof' and pact_id = $1`,
        [busy.id],
      );
      // (Pending proofs only from the last 12 hours: older ones would be auto-approved by a job during the run.)
      // One block, as people have: one member's messages leave the caller's pages and their Pacts leave Discover.
      await c.query("insert into blocks (blocker_id, blocked_id) values ($1, 'bench-u3')", [me.id]);
      await c.query('analyze');
    });
  const seedSeconds = (performance.now() - t0) / 1000;
  if (!REUSE)
    console.log(
      `seeded ${PACTS} Pacts, ${MESSAGES} messages (${MESSAGES / 2} in Pact ${busy.id}) in ${seedSeconds.toFixed(1)} s`,
    );

  const headers = { cookie, ...(ENCODING ? { 'accept-encoding': ENCODING } : {}) };
  const get = (p) =>
    new Promise((resolve, reject) => {
      // node:http, not fetch: fetch would decode the body, and bare must serve the bytes as they went.
      http
        .get(`${base}${p}`, { headers }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            if (res.statusCode !== 200) reject(new Error(`${p}: ${res.statusCode} ${body}`));
            else
              resolve({ body, type: res.headers['content-type'], encoding: res.headers['content-encoding'] });
          });
        })
        .on('error', reject);
    });

  // --writes: a second Pact of the caller's, to post to while the app is measured.
  let writer = null;
  if (WRITES > 0) {
    const target = await (
      await post('/api/challenges', { ...BUSY_PACT, title: 'Writes during the bench', totalDays: 30 }, cookie)
    ).json();
    let n = 0;
    writer = {
      posted: 0,
      timer: null,
      start() {
        this.timer = setInterval(() => {
          n += 1;
          post(`/api/challenges/${target.id}/chat`, { message: `write ${n}`, type: 'message' }, cookie).then(
            (r) => {
              if (r.status === 201) this.posted += 1;
            },
            () => {},
          );
        }, 1000 / WRITES);
      },
      stop() {
        clearInterval(this.timer);
      },
    };
  }

  const allCases = {
    discover: '/api/challenges?filter=all&limit=10',
    pact: `/api/challenges/${busy.id}`,
    chat: `/api/challenges/${busy.id}/messages`,
    user: '/api/auth/user',
    health: '/api/health',
  };
  const results = {};
  for (const name of CASES) {
    const p = allCases[name];
    if (!p) throw new Error(`unknown case ${name}; have ${Object.keys(allCases).join(', ')}`);
    const sample = await get(p);
    // Bare floor: same bytes, same content type, no framework, in its own process.
    const bodyFile = path.join(dataDir, `${name}.body`);
    fs.writeFileSync(bodyFile, sample.body);
    bare = await startBare(bodyFile, sample.type, sample.encoding);
    await load(`${base}${p}`, headers, 2); // warm-up (JIT, plans, pool), not counted
    const appRuns = [];
    const bareRuns = [];
    const cpu = { app: 0, db: 0, bare: 0 };
    for (let i = 0; i < ROUNDS; i += 1) {
      const before = await cpuNow(server.child.pid, bare.pid);
      writer?.start();
      appRuns.push(await load(`${base}${p}`, headers, SECONDS / ROUNDS));
      writer?.stop();
      const mid = await cpuNow(server.child.pid, bare.pid);
      bareRuns.push(await load(`http://127.0.0.1:${bare.port}/`, {}, SECONDS / ROUNDS));
      const after = await cpuNow(server.child.pid, bare.pid);
      cpu.app += mid.app - before.app;
      cpu.db += cpuDelta(before.db, mid.db);
      cpu.bare += after.bare - mid.bare;
    }
    await bare.stop();
    bare = undefined;
    const app = summarize(appRuns);
    const floor = summarize(bareRuns);
    app.cpuMs = (cpu.app + cpu.db) / app.requests;
    app.serverCpuMs = cpu.app / app.requests;
    app.dbCpuMs = cpu.db / app.requests;
    floor.cpuMs = cpu.bare / floor.requests;
    results[name] = {
      path: p,
      bytes: sample.body.length,
      encoding: sample.encoding ?? null,
      app,
      bare: floor,
      ratio: app.rps / floor.rps,
      cpuRatio: floor.cpuMs / app.cpuMs,
    };
  }

  // --- report --------------------------------------------------------------------------------------------------
  const f = (x, w = 8) => String(x).padStart(w);
  console.log(
    `\n${SECONDS} s a side in ${ROUNDS} alternating slices, ${CONNECTIONS} connections; ms, worst slice (autocannon)\n` +
      `${'case'.padEnd(9)}${f('bytes', 6)} |${f('app p50')}${f('p99')}${f('req/s')}${f('cpu ms', 9)}${f('(db)', 7)} |${f('bare p50', 9)}${f('p99')}${f('req/s')}${f('cpu ms', 9)} |${f('req/s x')}${f('cpu x')}`,
  );
  let missed = false;
  for (const [name, r] of Object.entries(results)) {
    const side = (x) => `${f(x.p50)}${f(x.p99)}${f(Math.round(x.rps))}${f(x.cpuMs.toFixed(3), 9)}`;
    if (name !== 'health' && (r.ratio < RATIO_GOAL || r.app.p99 >= P99_GOAL_MS)) missed = true;
    console.log(
      `${name.padEnd(9)}${f(r.bytes, 6)} |${side(r.app)}${f(r.app.dbCpuMs.toFixed(3), 7)} | ${side(r.bare)} |${f(r.ratio.toFixed(3))}${f(r.cpuRatio.toFixed(3))}`,
    );
  }
  console.log(
    'req/s x = app req/s / bare req/s (same bytes, alternating). cpu x = bare CPU per request / app CPU per request\n' +
      '(app = its process + its PostgreSQL backends): the share of bare throughput the app reaches when CPU-bound,\n' +
      'steadier than req/s on a shared machine. ' +
      `Goal: req/s x ${RATIO_GOAL} or more and app p99 under ${P99_GOAL_MS} ms: ${missed ? 'MISSED' : 'met'}`,
  );
  if (ENCODING) console.log(`Asked with Accept-Encoding: ${ENCODING}; bytes are as sent (encoded).`);
  if (writer)
    console.log(
      `While the app was measured, ${writer.posted} chat messages were posted (${WRITES} a second).`,
    );
  console.log(
    `\nwrote ${writeResult('api-hot-paths', { pacts: PACTS, messages: MESSAGES, seconds: SECONDS, connections: CONNECTIONS, seedSeconds, encoding: ENCODING || null, writesPerSecond: WRITES, writesPosted: writer?.posted ?? 0, cases: results })}`,
  );
  process.exitCode = missed ? 1 : 0;
} finally {
  if (bare) await bare.stop();
  await server?.stop();
  if (KEEP) console.log(`kept database ${dbName}; the caller's cookie: ${callerCookie}`);
  else await db.drop();
  fs.rmSync(project, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (CPU_PROF) console.log(`cpu profile in ${CPU_PROF}`);
}
