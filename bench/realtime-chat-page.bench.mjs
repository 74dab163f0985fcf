// Chat page load with 1,000,000 messages in the database (PostgreSQL): one Pact holds them all, with 1% proofs and
// a few blocks among its members, as a busy public Pact would after years. Times GET /api/challenges/:id/messages
// for the first page (what /chat opens with), a page deep in history (scrolling up, `before`), and a catch-up page
// (`after`), each requested --runs times by a signed-in member through the real server.
// Usage: node bench/realtime-chat-page.bench.mjs [--messages=1000000] [--runs=50]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow creating a database.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { arg, median, tempDir, writeResult } from './lib.mjs';
import { fetchJson, signUp, startInstance } from './realtime-lib.mjs';

const MESSAGES = Number(arg('messages', '1000000'));
const RUNS = Number(arg('runs', '50'));
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_MS = 100;

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

function get(url, cookie, agent) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { cookie } }, (res) => {
        let n = 0;
        res.on('data', (d) => (n += d.length));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

const name = `bench_chat_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_ADMIN });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(PG_ADMIN);
url.pathname = `/${name}`;
const dataDir = tempDir('chat-page');
const inst = await startInstance({ DATA_DIR: dataDir, DATABASE_URL: url.toString(), REDIS_URL: '' });
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const rows = [];
try {
  const base = `http://127.0.0.1:${inst.port}`;
  const owner = await signUp(base, base, 0);
  const reader = await signUp(base, base, 1);
  const others = [];
  for (let i = 2; i < 12; i++) others.push(await signUp(base, base, i));
  const { body: pact } = await fetchJson(
    `${base}/api/challenges`,
    {
      exerciseType: 'push-ups',
      targetValue: 20,
      title: 'Busy',
      visibility: 'public',
      totalDays: 365,
      scheduleDays: ['monday'],
      isCustom: false,
    },
    { origin: base, cookie: owner.cookie },
  );
  for (const u of [reader, ...others])
    await fetchJson(`${base}/api/challenges/${pact.id}/join`, {}, { origin: base, cookie: u.cookie });
  const authors = [owner, reader, ...others].map((u) => u.user.id);
  const t0 = performance.now();
  await db.query(
    `insert into chat_messages (pact_id, user_id, type, body, created_at)
     select $1, ($2::text[])[1 + (g % $3)], case when g % 100 = 0 then 'workout_proof' else 'message' end,
            'message number ' || g, now() - make_interval(secs => $4 - g)
     from generate_series(1, $4) g`,
    [pact.id, authors, authors.length, MESSAGES],
  );
  await db.query(
    `insert into proofs (message_id, pact_id, user_id, value, status, recorded_day, created_at)
     select id, pact_id, user_id, 20, case when id % 3 = 0 then 'pending' else 'approved' end, created_at::date, created_at
     from chat_messages where type = 'workout_proof'`,
  );
  // The reader blocked two members: their messages must be filtered out of every page.
  await db.query('insert into blocks (blocker_id, blocked_id) values ($1, $2), ($1, $3)', [
    reader.user.id,
    others[0].user.id,
    others[1].user.id,
  ]);
  await db.query('analyze chat_messages; analyze proofs; analyze blocks');
  const seeded = ((performance.now() - t0) / 1000).toFixed(1);
  const { rows: ids } = await db.query(
    'select min(id)::int as lo, max(id)::int as hi from chat_messages where pact_id = $1',
    [pact.id],
  );
  const { lo, hi } = ids[0];
  const agent = new http.Agent({ keepAlive: true });
  const cases = [
    ['first page', ''],
    ['deep page (before, middle)', `?before=${Math.floor((lo + hi) / 2)}`],
    ['oldest page (before, start)', `?before=${lo + 60}`],
    ['catch-up (after, 100 back)', `?after=${hi - 100}`],
  ];
  for (const [label, qs] of cases) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const s = performance.now();
      bytes = await get(`${base}/api/challenges/${pact.id}/messages${qs}`, reader.cookie, agent);
      if (i >= 3) times.push(performance.now() - s);
    }
    rows.push({ label, p50: median(times), p99: pct(times, 99), bytes });
  }
  console.log(
    `\n${MESSAGES.toLocaleString('en')} messages in one Pact (seeded in ${seeded} s); ${RUNS} requests each`,
  );
  console.log('request                          p50        p99      bytes');
  for (const r of rows)
    console.log(
      `${r.label.padEnd(30)} ${r.p50.toFixed(1).padStart(7)} ms ${r.p99.toFixed(1).padStart(7)} ms ${String(r.bytes).padStart(8)}`,
    );
  const first = rows[0];
  console.log(`goal: first page p50 under ${GOAL_MS} ms: ${first.p50 < GOAL_MS ? 'met' : 'MISSED'}`);
  console.log(`results: ${writeResult('realtime-chat-page', { messages: MESSAGES, runs: RUNS, rows })}`);
  process.exitCode = first.p50 < GOAL_MS ? 0 : 1;
} finally {
  await db.end();
  await inst.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
