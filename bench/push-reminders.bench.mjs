// The push reminder tick at scale (docs/NOTIFICATIONS.md, "The schedule") on PostgreSQL: 100,000 users in five
// time zones, each in one Pact whose workout time is spread over the day in 5-minute steps, half of them with a
// device, and a week of finished reminder jobs (the sent log) in the jobs table. Measures
//   - the tick's query alone (dueReminders), the first tick of an instant (stores the due jobs) and a repeated tick
//     (everything already stored: what most ticks of a reminder's 5-minute window do);
//   - enqueueOnce (never-stored check over every status) beside enqueue (the partial unique index), one new key each,
//     side by side in one run.
// Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
// Usage: node bench/push-reminders.bench.mjs [--users=100000] [--calls=200]
import { register } from 'tsx/esm/api';
import { arg, median, writeResult } from './lib.mjs';
import { benchDatabase, requirePostgres } from './pg-server.mjs';

register();
const { buildApp } = await import('../server/app.ts');
const { loadConfig } = await import('../server/config.ts');
const { openDatabase } = await import('../server/db/client.ts');
const { enqueue, enqueueOnce } = await import('../server/platform/jobs/index.ts');
const { dueReminders, enqueueDueReminders } = await import(
  '../server/modules/notifications/push-reminders.ts'
);

const USERS = Number(arg('users', '100000'));
const CALLS = Number(arg('calls', '200'));
const PACTS = Math.max(288, Math.round(USERS / 10));

await requirePostgres();
const db = benchDatabase('sp_bench');

const timed = async (fn) => {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
};
const ms = (x) => `${x.toFixed(1)} ms`;

await db.create();
const database = await openDatabase({ url: db.url, dir: null });
let app;
try {
  await database.migrate();
  const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_CLIENT: false });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  const { sql } = await import('drizzle-orm');
  const run = (text) => database.db.execute(sql.raw(text));

  const t0 = performance.now();
  await run(`
    insert into users (id, email, username, first_name, last_name, time_zone)
    select 'u' || g, 'u' || g || '@bench.local', 'user_' || g, 'First' || g, 'Last',
           (array['UTC','Europe/Berlin','America/New_York','Asia/Tokyo','Australia/Sydney'])[1 + g % 5]
    from generate_series(1, ${USERS}) g`);
  await run(`
    insert into pacts (title, creator_id, exercise_type, target_value, workout_time, schedule_days, total_days,
                       visibility, participant_count)
    select 'Pact ' || g, 'u' || g, 'push-ups', 20, to_char(time '00:00' + ((g * 7) % 288) * interval '5 minutes', 'HH24:MI'),
           array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'], 365, 'public', 10
    from generate_series(1, ${PACTS}) g`);
  await run(`
    insert into participations (user_id, pact_id, start_day)
    select 'u' || g, 1 + g % ${PACTS}, current_date - 30 from generate_series(1, ${USERS}) g
    on conflict do nothing`);
  await run(`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    select 'u' || g, 'https://fcm.googleapis.com/fcm/send/bench-' || g, 'B' || repeat('A', 86), repeat('A', 22)
    from generate_series(1, ${USERS}) g where (g / 2) % 2 = 0`);
  // A week of sent reminders: one finished job per device owner and day. (Devices by (g / 2) % 2, not by parity,
  // so owners are spread over the Pacts' workout times.)
  await run(`
    insert into jobs (name, payload, status, run_at, dedupe_key, attempts, created_at, updated_at)
    select 'push.workout-reminder', '{}', 'done', now() - d * interval '1 day',
           'push-reminder:u' || g || ':' || (1 + g % ${PACTS}) || ':' || (current_date - d), 1, now(), now()
    from generate_series(1, ${USERS}) g, generate_series(1, 7) d where (g / 2) % 2 = 0`);
  await run('analyze');
  const seedSeconds = (performance.now() - t0) / 1000;
  const count = async (table) => Number((await run(`select count(*) as n from ${table}`)).rows[0].n);
  const devices = await count('push_subscriptions');
  const sentLog = await count('jobs');
  console.log(
    `seeded ${USERS} users, ${PACTS} Pacts, ${devices} devices, ${sentLog} sent reminders in ${seedSeconds.toFixed(1)} s`,
  );

  // An instant of today with reminders due in every zone (workout times every 5 minutes).
  const now = new Date(`${new Date().toISOString().slice(0, 10)}T12:02:30Z`);
  const ctx = app.ctx;
  const query = [];
  for (let i = 0; i < 5; i++) query.push((await timed(() => dueReminders(ctx, now))).ms);
  const due = (await dueReminders(ctx, now)).length;
  const first = await timed(() => enqueueDueReminders(ctx, now));
  const repeated = [];
  for (let i = 0; i < 5; i++) repeated.push((await timed(() => enqueueDueReminders(ctx, now))).ms);

  const once = [];
  const plain = [];
  for (let i = 0; i < CALLS; i++) {
    once.push(
      (
        await timed(() =>
          enqueueOnce(database.db, 'bench.noop', {}, { dedupeKey: `bench-once-${i}`, runAt: now }),
        )
      ).ms,
    );
    plain.push(
      (
        await timed(() =>
          enqueue(database.db, 'bench.noop', {}, { dedupeKey: `bench-plain-${i}`, runAt: now }),
        )
      ).ms,
    );
  }

  const result = {
    users: USERS,
    devices,
    sentLog,
    due,
    queryMedianMs: median(query),
    firstTickMs: first.ms,
    stored: first.value,
    repeatedTickMedianMs: median(repeated),
    enqueueOnceMedianMs: median(once),
    enqueueMedianMs: median(plain),
  };
  console.table({
    'tick query (dueReminders), median of 5': ms(result.queryMedianMs),
    [`first tick: ${due} due, ${first.value} jobs stored`]: ms(result.firstTickMs),
    'repeated tick (all already stored), median of 5': ms(result.repeatedTickMedianMs),
    [`enqueueOnce, median of ${CALLS}`]: ms(result.enqueueOnceMedianMs),
    [`enqueue (partial unique index), median of ${CALLS}`]: ms(result.enqueueMedianMs),
    'enqueueOnce / enqueue': `${(result.enqueueOnceMedianMs / result.enqueueMedianMs).toFixed(1)}x`,
  });
  writeResult('push-reminders', result);
} finally {
  await app?.close();
  await database.close();
  await db.drop();
}
