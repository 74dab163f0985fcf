// Erasure and "Download my data" for a heavy user: 10,000 chat messages and 200 stored videos.
//   export   the zip streamed to a file (exportUserData, as the route sends it), in MB/s, side by side with a
//            plain stream copy of the same 200 files to the same disk (the floor: reading and writing the bytes)
//   erasure  the full account deletion after its grace: the job's one transaction for the rows, then the queued
//            file deletions, in seconds, checked to leave 0 rows and 0 files
// Runs in-process (tsx) on PostgreSQL when it answers (BENCH_DATABASE_URL, TEST_DATABASE_URL or the local
// default), else on PGlite; files in a temporary DATA_DIR (local storage).
// Usage: node bench/erasure-export.bench.mjs [--messages=10000] [--videos=200] [--video-kb=512]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { arg, tempDir, writeResult } from './lib.mjs';

const MESSAGES = Number(arg('messages', '10000'));
const VIDEOS = Number(arg('videos', '200'));
const VIDEO_KB = Number(arg('video-kb', '512'));

const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
let onPostgres = false;
try {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  await c.connect();
  await c.end();
  onPostgres = true;
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = pgUrl;
} catch {
  process.env.TEST_DB = 'pglite';
}

register();
const { sql } = await import('drizzle-orm');
const { createTestApp, queryRows } = await import('../server/test/app.ts');
const { signUp } = await import('../server/test/factories.ts');
const { createPactVia } = await import('../server/modules/pacts/testing.ts');
const { exportUserData } = await import('../server/modules/privacy/export.ts');
const { DELETION_GRACE_MS } = await import('../server/modules/privacy/service.ts');
const { runDueJobs } = await import('../server/platform/jobs/index.ts');
const { storageFor } = await import('../server/platform/storage/index.ts');
const { newStorageKey } = await import('../server/platform/storage/keys.ts');

const dataDir = tempDir('erasure-export');
const t = await createTestApp({ DATA_DIR: dataDir, DISABLE_RATE_LIMIT: true });
const db = t.database.db;
const mb = (bytes) => bytes / 1024 / 1024;

try {
  const me = await signUp(t.app, { firstName: 'Heavy' });
  const pact = await createPactVia(t.app, me, { title: 'Bench pact' });
  console.log(
    `seeding ${MESSAGES} messages and ${VIDEOS} videos of ${VIDEO_KB} KB (${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
  );
  await db.execute(sql`
    insert into chat_messages (pact_id, user_id, body)
    select ${pact.id}, ${me.user.id}, 'Bench message number ' || g from generate_series(1, ${MESSAGES}) g`);
  const storage = storageFor(t.app.ctx);
  const keys = [];
  for (let i = 0; i < VIDEOS; i += 1) {
    const key = newStorageKey();
    const bytes = randomBytes(VIDEO_KB * 1024);
    bytes.write('\x1a\x45\xdf\xa3', 0, 'binary'); // a webm's first bytes
    await storage.put(key, bytes, bytes.length);
    await db.execute(sql`
      insert into media (id, owner_id, kind, content_type, size_bytes, status)
      values (${key}, ${me.user.id}, 'proof', 'video/webm', ${bytes.length}, 'ready')`);
    keys.push(key);
  }
  const totalBytes = VIDEOS * VIDEO_KB * 1024;

  // The floor: a plain stream copy of the same files, one after another, to the same disk.
  const copyDir = path.join(dataDir, 'plain-copy');
  fs.mkdirSync(copyDir);
  let t0 = performance.now();
  for (const key of keys) {
    await pipeline(await storage.get(key), fs.createWriteStream(path.join(copyDir, key)));
  }
  const copyMs = performance.now() - t0;
  fs.rmSync(copyDir, { recursive: true, force: true });

  // The export: records read, then the zip streamed to a file.
  const zipFile = path.join(dataDir, 'export.zip');
  t0 = performance.now();
  const archive = await exportUserData(t.app.ctx, me.user.id);
  const prepareMs = performance.now() - t0;
  await pipeline(archive.stream, fs.createWriteStream(zipFile));
  const exportMs = performance.now() - t0;
  const zipBytes = fs.statSync(zipFile).size;
  if (zipBytes !== archive.size) throw new Error(`zip is ${zipBytes} bytes, announced ${archive.size}`);
  fs.rmSync(zipFile);

  // The erasure: requested, then run as the job runner would after the grace.
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/data-deletion-request',
    headers: me.headers,
    payload: { dataTypes: ['profile'], contactEmail: me.user.email, fullAccountDeletion: true },
  });
  if (asked.statusCode !== 200) throw new Error(`deletion request answered ${asked.statusCode}`);
  const later = new Date(Date.now() + DELETION_GRACE_MS + 60_000);
  await runDueJobs(t.app.ctx, { now: new Date(), names: ['email.send'] }).catch(() => {});
  t0 = performance.now();
  await runDueJobs(t.app.ctx, { now: later, names: ['privacy.erase'] });
  const rowsMs = performance.now() - t0;
  await runDueJobs(t.app.ctx, { now: later });
  const erasureMs = performance.now() - t0;
  const [left] = await queryRows(
    db,
    sql`select (select count(*)::int from users where id = ${me.user.id}) as users,
               (select count(*)::int from chat_messages where user_id = ${me.user.id}) as messages,
               (select count(*)::int from media where owner_id = ${me.user.id}) as media`,
  );
  const filesLeft = (await Promise.all(keys.map((k) => storage.exists(k)))).filter(Boolean).length;
  if (left.users + left.messages + left.media + filesLeft !== 0) {
    throw new Error(`erasure left rows ${JSON.stringify(left)} and ${filesLeft} files`);
  }

  const result = {
    database: onPostgres ? 'postgres' : 'pglite',
    messages: MESSAGES,
    videos: VIDEOS,
    mediaMB: Number(mb(totalBytes).toFixed(1)),
    plainCopyMBps: Number((mb(totalBytes) / (copyMs / 1000)).toFixed(1)),
    exportMBps: Number((mb(zipBytes) / (exportMs / 1000)).toFixed(1)),
    exportToCopyRatio: Number((copyMs / exportMs).toFixed(2)),
    exportSeconds: Number((exportMs / 1000).toFixed(2)),
    exportRecordsSeconds: Number((prepareMs / 1000).toFixed(2)),
    erasureRowsSeconds: Number((rowsMs / 1000).toFixed(2)),
    erasureTotalSeconds: Number((erasureMs / 1000).toFixed(2)),
    left: { ...left, files: filesLeft },
  };
  console.table(result);
  writeResult('erasure-export', result);
} finally {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
