// Real-time fan-out: 1,000 WebSocket clients in one Pact's room; one member posts chat messages over HTTP.
// Measures, per delivered frame, the time from issuing the POST to the frame arriving (p50/p99), and delivered
// frames per second when messages are posted back to back. Three cases side by side:
//   bare-ws      a bare `ws` server (own process) that broadcasts the same frame to every socket on POST (the floor)
//   app-1        one SweatPact instance (embedded PGlite, in-process bus)
//   app-2-redis  two instances on one PostgreSQL and one Redis, sockets split between them, posts through A
// The clients run in this process; on a 2-core machine they compete with the servers for CPU, so read the
// figures as relative. Usage: node bench/realtime-fanout.bench.mjs [--sockets=1000] [--users=20] [--paced=100]
//   [--burst=200] [--cases=bare-ws,app-1,app-2-redis] [--cpu-prof=DIR (profile the app instances into DIR)]
//   (app-2-redis needs PostgreSQL and Redis on loopback:
//   BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; BENCH_REDIS_URL, default
//   redis://127.0.0.1:6379)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { arg, cpuMsOf, tempDir, writeResult } from './lib.mjs';
import { fetchJson, signUp, startInstance } from './realtime-lib.mjs';

const SOCKETS = Number(arg('sockets', '1000'));
const USERS = Number(arg('users', '20'));
const PACED = Number(arg('paced', '100'));
const BURST = Number(arg('burst', '200'));
const CASES = arg('cases', 'bare-ws,app-1,app-2-redis').split(',');
const CPU_PROF = arg('cpu-prof', '');
const APP_NODE_ARGS = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Opens `n` sockets, spread over `targets` [{url, headers}], each counting frames through `onFrame`. */
async function openSockets(targets, n, onFrame) {
  const sockets = [];
  for (let i = 0; i < n; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(n, i + 50); j++) {
      const target = targets[j % targets.length];
      const ws = new WebSocket(target.url, { headers: target.headers(j) });
      ws.on('message', (data) => onFrame(String(data)));
      batch.push(
        new Promise((resolve, reject) => {
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
      );
    }
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * Runs the two phases against a room. `post(seq)` sends message `seq`; each socket reports the seq it got.
 * Paced: one message every 20 ms (latency). Burst: back to back, awaiting each POST (throughput).
 */
async function measure(name, post, sockets, register, pids) {
  const serverCpu = () => pids.reduce((ms, pid) => ms + cpuMsOf(pid), 0);
  const sentAt = new Map();
  const latencies = [];
  let delivered = 0;
  let lastAt = 0;
  register((seq) => {
    const t0 = sentAt.get(seq);
    if (t0 === undefined) return;
    latencies.push(performance.now() - t0);
    delivered += 1;
    lastAt = performance.now();
  });
  const waitAll = async (expected) => {
    const deadline = performance.now() + 120_000;
    while (delivered < expected && performance.now() < deadline) await sleep(20);
  };
  for (let i = 0; i < PACED; i++) {
    sentAt.set(i, performance.now());
    await post(i);
    await sleep(20);
  }
  await waitAll(PACED * sockets.length);
  const paced = {
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    delivered,
    expected: PACED * sockets.length,
  };
  latencies.length = 0;
  delivered = 0;
  const cpu0 = serverCpu();
  const t0 = performance.now();
  for (let i = PACED; i < PACED + BURST; i++) {
    sentAt.set(i, performance.now());
    await post(i);
  }
  await waitAll(BURST * sockets.length);
  const cpuMs = serverCpu() - cpu0;
  const seconds = (lastAt - t0) / 1000;
  const burst = {
    delivered,
    expected: BURST * sockets.length,
    perSecond: Math.round(delivered / seconds),
    postsPerSecond: Math.round(BURST / seconds),
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    // Server CPU per 1,000 delivered frames over the burst (the app's instances, PGlite inside; not Redis or
    // PostgreSQL): steadier than frames per second when the machine is shared.
    cpuMsPerThousand: (cpuMs / delivered) * 1000,
  };
  return { name, sockets: sockets.length, paced, burst };
}

async function bareWs() {
  const inst = await startInstance({}, 'realtime-bare-ws.mjs');
  let onSeq = () => {};
  const target = { url: `ws://127.0.0.1:${inst.port}/`, headers: () => ({}) };
  const sockets = await openSockets(
    [target],
    SOCKETS,
    onText(() => onSeq),
  );
  const agent = new http.Agent({ keepAlive: true });
  const post = (seq) => fetchJson(`http://127.0.0.1:${inst.port}/send`, { message: `seq ${seq}` }, {}, agent);
  try {
    return await measure('bare-ws', post, sockets, (fn) => (onSeq = fn), [inst.pid]);
  } finally {
    for (const ws of sockets) ws.terminate();
    await inst.stop();
  }
}

/** Reads the seq of a chat_message frame without parsing the whole frame (the clients share one process). */
const SEQ = /"type":"chat_message".*?"message":"seq (\d+)"/;
const onText = (get) => (text) => {
  const m = SEQ.exec(text);
  if (m) get()(Number(m[1]));
};

async function appCase(name, instances) {
  const bases = instances.map((i) => `http://127.0.0.1:${i.port}`);
  const origin = (b) => b;
  const owner = await signUp(bases[0], bases[0], 0);
  const { body: pact } = await fetchJson(
    `${bases[0]}/api/challenges`,
    {
      exerciseType: 'push-ups',
      targetValue: 20,
      title: 'Fan-out',
      visibility: 'public',
      totalDays: 30,
      scheduleDays: ['monday'],
      isCustom: false,
    },
    { origin: bases[0], cookie: owner.cookie },
  );
  const users = [];
  for (let i = 1; i <= USERS; i++) {
    const u = await signUp(bases[0], bases[0], i);
    await fetchJson(`${bases[0]}/api/challenges/${pact.id}/join`, {}, { origin: bases[0], cookie: u.cookie });
    users.push(u);
  }
  let onSeq = () => {};
  const targets = bases.map((b) => ({
    url: `${b.replace('http', 'ws')}/ws`,
    headers: (j) => ({ origin: origin(b), cookie: users[j % users.length].cookie }),
  }));
  const sockets = await openSockets(
    targets,
    SOCKETS,
    onText(() => onSeq),
  );
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise((resolve) => {
          const onMsg = (data) => {
            if (JSON.parse(String(data)).type === 'subscribed') {
              ws.off('message', onMsg);
              resolve();
            }
          };
          ws.on('message', onMsg);
          ws.send(JSON.stringify({ type: 'subscribe', challengeId: pact.id }));
        }),
    ),
  );
  const agent = new http.Agent({ keepAlive: true });
  const post = (seq) =>
    fetchJson(
      `${bases[0]}/api/challenges/${pact.id}/chat`,
      { message: `seq ${seq}`, type: 'message' },
      { origin: bases[0], cookie: owner.cookie },
      agent,
    );
  const result = await measure(
    name,
    post,
    sockets,
    (fn) => (onSeq = fn),
    instances.map((i) => i.pid),
  );
  for (const ws of sockets) ws.terminate();
  return result;
}

async function oneInstance() {
  const dataDir = tempDir('rt-bench');
  const inst = await startInstance(
    { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    undefined,
    APP_NODE_ARGS,
  );
  try {
    return await appCase('app-1', [inst]);
  } finally {
    await inst.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function twoInstances() {
  const name = `bench_rt_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const dataDir = tempDir('rt-bench2');
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    REDIS_URL: REDIS,
    AUTH_SECRET: randomBytes(32).toString('hex'),
  };
  const a = await startInstance(env, undefined, APP_NODE_ARGS);
  const b = await startInstance(env, undefined, APP_NODE_ARGS);
  try {
    return await appCase('app-2-redis', [a, b]);
  } finally {
    await b.stop();
    await a.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const c of CASES) {
  const run = { 'bare-ws': bareWs, 'app-1': oneInstance, 'app-2-redis': twoInstances }[c];
  if (!run) throw new Error(`unknown case ${c}`);
  try {
    results.push(await run());
  } catch (err) {
    console.error(`${c} failed: ${err.message}`);
    results.push({ name: c, error: err.message });
  }
}

const ms = (x) => (x === undefined ? '-' : `${x.toFixed(1)} ms`);
console.log(
  `\n${SOCKETS} sockets in one room; paced: ${PACED} messages 20 ms apart; burst: ${BURST} back to back`,
);
console.log(
  'case          paced p50   paced p99   burst p50   burst p99   delivered/s   posts/s   cpu ms/1k frames   complete',
);
for (const r of results) {
  if (r.error) {
    console.log(`${r.name.padEnd(13)} error: ${r.error}`);
    continue;
  }
  const complete = r.paced.delivered === r.paced.expected && r.burst.delivered === r.burst.expected;
  console.log(
    `${r.name.padEnd(13)} ${ms(r.paced.p50).padStart(9)}   ${ms(r.paced.p99).padStart(9)}   ${ms(r.burst.p50).padStart(9)}   ${ms(r.burst.p99).padStart(9)}   ${String(r.burst.perSecond).padStart(11)}   ${String(r.burst.postsPerSecond).padStart(7)}   ${r.burst.cpuMsPerThousand.toFixed(1).padStart(16)}   ${complete ? 'yes' : `no (${r.paced.delivered + r.burst.delivered}/${r.paced.expected + r.burst.expected})`}`,
  );
}
const floors = results.filter((r) => r.name === 'bare-ws' && !r.error);
if (floors.length) {
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const bareRate = mean(floors.map((r) => r.burst.perSecond));
  const bareCpu = mean(floors.map((r) => r.burst.cpuMsPerThousand));
  for (const r of results.filter((x) => x.name !== 'bare-ws' && !x.error)) {
    r.ratio = { delivered: r.burst.perSecond / bareRate, cpu: bareCpu / r.burst.cpuMsPerThousand };
    console.log(
      `${r.name}: ${r.ratio.delivered.toFixed(2)}x bare-ws frames/s, ${r.ratio.cpu.toFixed(2)}x by server CPU per frame (bare-ws CPU / app CPU)`,
    );
  }
}
console.log(
  `results: ${writeResult('realtime-fanout', { sockets: SOCKETS, users: USERS, paced: PACED, burst: BURST, results })}`,
);
process.exitCode = results.some((r) => r.error) ? 1 : 0;
