// The API under a realistic mix, on PostgreSQL with 100,000 Pacts and 1,000,000 chat messages: many people (12,000
// by default, each signed in with a session of their own) ask what the app asks, and about one request in ten is a
// write, from 16 concurrent clients; no (person, URL) is asked twice within 5 s, so nothing is served again from a
// cache of answers. The mix (weights in MIX):
//   discover       GET /api/challenges?filter=all&limit=20          (Discover's first page, as the client asks it)
//   discover-next  GET /api/challenges?filter=all&limit=20&cursor=… (its second page)
//   pact           GET /api/challenges/:id                           (one of the person's Pacts, or a public one)
//   chat           GET /api/challenges/:id/messages                  (a chat page of one of the person's Pacts)
//   session        GET /api/auth/session                             (who is signed in: the app's first load)
//   post           POST /api/challenges/:id/chat                     (a chat message, in one of the person's Pacts)
// In the same run, in alternating slices, the same mix goes to a bare node:http server (bench/bare-routes.mjs) that
// answers each route with the bytes the app answered for it: the floor of HTTP and the bytes, no framework, no
// session, no SQL. Reported: per route p50/p99 of each side; CPU per request of the app's process, of PostgreSQL
// (the bench database's backends) and of the bare server; efficiency = (bare + PostgreSQL) / (app + PostgreSQL):
// the share of the floor (the bytes plus the database's own work) the app reaches when CPU-bound.
// Goal: efficiency 0.5 or more and every route's app p99 under 50 ms.
// The server is bundled from this checkout's server/ with esbuild into a temporary folder. Needs PostgreSQL:
// BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the database is
// created, seeded by SQL (bench/mixed-load-seed.mjs, a minute or two) and dropped.
// Usage: node bench/mixed-load.bench.mjs [--people=12000] [--pacts=100000] [--messages=1000000] [--seconds=20 (a side)]
//   [--clients=16] [--rounds=4 (slices a side)] [--keep (leave the database; its name is printed)] [--reuse=DB]
//   [--cpu-prof=DIR (profile the app into DIR)]

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { arg, cpuMsOf, root, startNodeWithPort, tempDir, writeResult } from './lib.mjs';
import { isPublicPact, memberPactsOf, pactBase, seed, sessionCookie } from './mixed-load-seed.mjs';
import {
  adminUrl,
  benchDatabase,
  finishSnapshot,
  requirePostgres,
  startServer,
  withClient,
} from './pg-server.mjs';

const PEOPLE = Number(arg('people', '12000'));
const PACTS = Number(arg('pacts', '100000'));
const MESSAGES = Number(arg('messages', '1000000'));
const SECONDS = Number(arg('seconds', '20'));
const CLIENTS = Number(arg('clients', '16'));
const ROUNDS = Number(arg('rounds', '4'));
const REUSE = arg('reuse', '');
const KEEP = process.argv.includes('--keep') || Boolean(REUSE);
const CPU_PROF = arg('cpu-prof', '');
const SECRET = 'bench-mixed-load-secret-0123456789abcdef0123';
const AGAIN_AFTER_MS = 5_000;
const EFFICIENCY_GOAL = 0.5;
const P99_GOAL_MS = 50;
/** Weights of the routes in the mix (out of 100): one request in ten is a write. */
const MIX = { discover: 25, 'discover-next': 10, pact: 25, chat: 20, session: 10, post: 10 };

await requirePostgres();
const db = benchDatabase('sp_bench_mixed', REUSE);

async function snapshot() {
  const dir = tempDir('mixed-load');
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

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

/** One request; answers its status, body and content type (the body is not parsed: bare must match it). */
function send(port, { method, url, cookie, body }) {
  return new Promise((resolve, reject) => {
    const headers = { cookie };
    if (body) Object.assign(headers, { 'content-type': 'application/json', origin: origin() });
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, type: res.headers['content-type'], body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}
let appOrigin = '';
const origin = () => appOrigin;

/**
 * The next request of the mix: a person, a route, its URL; with `fresh`, never a (person, URL) asked in the last 5 s
 * (the app's side: nothing it answers can come from a cache of recent answers). The bare server keeps nothing, so its
 * side draws the same mix without that rule: on a quiet machine it answers thousands a second, more than 12,000
 * people can ask Discover within 5 s, and the rule would leave it no request to send.
 */
function mixer(discoverCursor, base, { fresh = true } = {}) {
  const routes = Object.entries(MIX);
  const total = routes.reduce((n, [, w]) => n + w, 0);
  const asked = new Map();
  let posted = 0;
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  const publicPact = () => {
    for (;;) {
      const n = 1 + Math.floor(Math.random() * PACTS);
      if (isPublicPact(n)) return base + n;
    }
  };
  const build = (route, p) => {
    const mine = memberPactsOf(p, PEOPLE, base);
    switch (route) {
      case 'discover':
        return { method: 'GET', url: '/api/challenges?filter=all&limit=20' };
      case 'discover-next':
        return { method: 'GET', url: `/api/challenges?filter=all&limit=20&cursor=${discoverCursor}` };
      case 'pact':
        return { method: 'GET', url: `/api/challenges/${Math.random() < 0.5 ? pick(mine) : publicPact()}` };
      case 'chat':
        return { method: 'GET', url: `/api/challenges/${pick(mine)}/messages` };
      case 'session':
        return { method: 'GET', url: '/api/auth/session' };
      default:
        posted += 1;
        return {
          method: 'POST',
          url: `/api/challenges/${pick(mine)}/chat`,
          // With a key of its own, as the web client's outbox sends every message.
          body: JSON.stringify({ message: `mixed load ${posted}`, clientKey: randomUUID() }),
        };
    }
  };
  return () => {
    let roll = Math.random() * total;
    let route = routes[0][0];
    for (const [name, weight] of routes) {
      route = name;
      roll -= weight;
      if (roll < 0) break;
    }
    const now = performance.now();
    for (let tries = 0; ; tries += 1) {
      if (tries === 100_000)
        throw new Error(`every person asked ${route} within ${AGAIN_AFTER_MS} ms: raise --people`);
      const p = 1 + Math.floor(Math.random() * PEOPLE);
      const req = build(route, p);
      if (fresh) {
        const key = `${p} ${req.method} ${req.url}`;
        if ((asked.get(key) ?? -Infinity) > now - AGAIN_AFTER_MS) continue;
        asked.set(key, now);
        if (asked.size > 500_000) for (const [k, t] of asked) if (t <= now - AGAIN_AFTER_MS) asked.delete(k);
      }
      return { ...req, route, cookie: sessionCookie(`m-token-${p}`, SECRET) };
    }
  };
}

/** CLIENTS loops sending the mix to `port` for `ms`; latencies (ms) per route go into `into`. */
async function drive(port, next, ms, into, expect = null) {
  const until = performance.now() + ms;
  let requests = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const req = next();
      const t0 = performance.now();
      const res = await send(port, req);
      const took = performance.now() - t0;
      const ok = req.method === 'POST' ? res.status === 201 : res.status === 200;
      if (!ok)
        throw new Error(`${req.method} ${req.url}: ${res.status} ${res.body.toString().slice(0, 200)}`);
      if (expect && !expect.has(req.route)) expect.set(req.route, res);
      into[req.route] ??= [];
      into[req.route].push(took);
      requests += 1;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, loop));
  return requests;
}

/** CPU so far of the app, the bare server, and each PostgreSQL backend serving the bench database. */
async function cpuNow(appPid, barePid) {
  const { rows } = await withClient(adminUrl, (c) =>
    c.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db.name]),
  );
  return {
    app: cpuMsOf(appPid),
    bare: barePid ? cpuMsOf(barePid) : 0,
    pg: new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)])),
  };
}

/** CPU the backends used between two readings (a backend opened meanwhile counts whole). */
function pgDelta(before, after) {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}

function startBare(answersFile) {
  return startNodeWithPort([path.join(root, 'bench', 'bare-routes.mjs'), answersFile]);
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const stats = (xs = []) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 0.5), p99: percentile(s, 0.99) };
};

const project = await snapshot();
const dataDir = tempDir('mixed-load-data');
let server;
let bare;
if (!REUSE) await db.create();
try {
  if (CPU_PROF) fs.mkdirSync(CPU_PROF, { recursive: true });
  const started = await startServer({
    project,
    databaseUrl: db.url,
    dataDir,
    nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [],
    env: { AUTH_SECRET: SECRET },
  });
  server = started.server;
  appOrigin = started.origin;
  const appPort = Number(new URL(started.base).port);
  if (!REUSE) {
    const seconds = await withClient(db.url, (c) =>
      seed(c, { people: PEOPLE, pacts: PACTS, messages: MESSAGES }),
    );
    console.log(`seeded ${PEOPLE} people, ${PACTS} Pacts, ${MESSAGES} messages in ${seconds.toFixed(1)} s`);
  }
  const first = await send(appPort, {
    method: 'GET',
    url: '/api/challenges?filter=all&limit=20',
    cookie: sessionCookie('m-token-1', SECRET),
  });
  if (first.status !== 200) throw new Error(`Discover as person 1: ${first.status} ${first.body}`);
  const cursor = encodeURIComponent(JSON.parse(first.body).nextCursor);
  const base = await withClient(db.url, pactBase);
  const next = mixer(cursor, base);
  const nextBare = mixer(cursor, base, { fresh: false });

  // Warm-up (JIT, plans, both pools' connections), not counted; it records one answer per route for bare.
  const samples = new Map();
  await drive(appPort, next, 4_000, {}, samples);
  const answersFile = path.join(dataDir, 'answers.json');
  fs.writeFileSync(
    answersFile,
    JSON.stringify(
      Object.fromEntries(
        [...samples].map(([route, r]) => [
          route,
          { status: r.status, type: r.type, body: r.body.toString('base64') },
        ]),
      ),
    ),
  );
  bare = await startBare(answersFile);
  await drive(bare.port, nextBare, 1_000, {});

  const appLatency = {};
  const bareLatency = {};
  const cpu = { app: 0, pg: 0, bare: 0, appRequests: 0, bareRequests: 0 };
  const slice = (SECONDS * 1000) / ROUNDS;
  for (let i = 0; i < ROUNDS; i += 1) {
    const before = await cpuNow(server.child.pid, bare.pid);
    cpu.appRequests += await drive(appPort, next, slice, appLatency);
    const mid = await cpuNow(server.child.pid, bare.pid);
    cpu.bareRequests += await drive(bare.port, nextBare, slice, bareLatency);
    const after = await cpuNow(server.child.pid, bare.pid);
    cpu.app += mid.app - before.app;
    cpu.pg += pgDelta(before.pg, mid.pg);
    cpu.bare += after.bare - mid.bare;
  }
  const per = {
    app: cpu.app / cpu.appRequests,
    pg: cpu.pg / cpu.appRequests,
    bare: cpu.bare / cpu.bareRequests,
  };
  const efficiency = (per.bare + per.pg) / (per.app + per.pg);

  // --- report ------------------------------------------------------------------------------------------------------
  const f = (x, w = 9) => String(x).padStart(w);
  const ms = (x) => f(x.toFixed(2));
  console.log(
    `\n${SECONDS} s a side in ${ROUNDS} alternating slices, ${CLIENTS} concurrent clients, ${PEOPLE} people; latency in ms\n` +
      `${'route'.padEnd(14)}${f('bytes', 7)}${f('requests')} |${f('app p50')}${f('p99')} |${f('bare p50')}${f('p99')}`,
  );
  const routes = {};
  let slow = false;
  for (const route of Object.keys(MIX)) {
    const app = stats(appLatency[route]);
    const floor = stats(bareLatency[route]);
    if (!(app.p99 < P99_GOAL_MS)) slow = true;
    routes[route] = { bytes: samples.get(route)?.body.length ?? 0, app, bare: floor };
    console.log(
      `${route.padEnd(14)}${f(routes[route].bytes, 7)}${f(app.n)} |${ms(app.p50)}${ms(app.p99)} |${ms(floor.p50)}${ms(floor.p99)}`,
    );
  }
  const met = efficiency >= EFFICIENCY_GOAL && !slow;
  console.log(
    `\nCPU per request (ms): app ${per.app.toFixed(3)}, PostgreSQL ${per.pg.toFixed(3)}, bare ${per.bare.toFixed(3)}` +
      ` (${cpu.appRequests} app requests, ${(cpu.appRequests / SECONDS).toFixed(0)}/s; ${cpu.bareRequests} bare)\n` +
      `efficiency = (bare + PostgreSQL) / (app + PostgreSQL) = ${efficiency.toFixed(3)}\n` +
      `Goal: efficiency ${EFFICIENCY_GOAL} or more and every app p99 under ${P99_GOAL_MS} ms: ${met ? 'met' : 'MISSED'}`,
  );
  const result = {
    people: PEOPLE,
    pacts: PACTS,
    messages: MESSAGES,
    seconds: SECONDS,
    clients: CLIENTS,
    cpuMsPerRequest: per,
    efficiency,
    routes,
  };
  console.log(`\nwrote ${writeResult('mixed-load', result)}`);
  process.exitCode = met ? 0 : 1;
} finally {
  agent.destroy();
  if (bare) await bare.stop();
  await server?.stop();
  if (KEEP) console.log(`kept database ${db.name}`);
  else await db.drop();
  fs.rmSync(project, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (CPU_PROF) console.log(`cpu profile in ${CPU_PROF}`);
}
