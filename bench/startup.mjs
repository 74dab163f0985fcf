// Startup time: from spawning `npm start` to the first 200 of /api/health and of `/`, on a free port with a
// fresh DATA_DIR (no database yet). Three cases, reported separately:
//   fresh        - no dist/, `npm start` builds first (a fresh clone's first start)
//   built        - dist/ is up to date, `npm start` only starts the server; the database starts as a copy of
//                  the build's migrated template (dist/db-template)
//   built-initdb - the same without dist/db-template: initdb plus every migration, as before the template
// It runs in a temporary copy of the project (node_modules linked) so it never touches this tree's dist/.
// Usage: node bench/startup.mjs [--runs=5] [--cases=fresh,built,built-initdb]
import fs from 'node:fs';
import path from 'node:path';
import { arg, firstOk, freePort, median, root, spawnGroup, tempDir, writeResult } from './lib.mjs';

const runs = Number(arg('runs', '5'));
const only = new Set(arg('cases', 'fresh,built,built-initdb').split(','));
const skip = new Set([
  'node_modules',
  'dist',
  'data',
  '.git',
  '.tmp',
  'test-results',
  'playwright-report',
  'results',
]);

function copyProject() {
  const dir = tempDir('startup');
  fs.cpSync(root, dir, {
    recursive: true,
    filter: (src) => !skip.has(path.basename(src)) || src === root,
  });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

async function once(project) {
  const port = await freePort();
  const dataDir = tempDir('startup-data');
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_ENV']) delete env[key];
  const gaveUp = new AbortController();
  const t0 = performance.now();
  const proc = spawnGroup('npm', ['start', '--silent'], {
    cwd: project,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.child.stderr.on('data', (d) => {
    stderr += d;
  });
  try {
    proc.died.catch(() => {});
    const waits = Promise.all([
      firstOk(`http://127.0.0.1:${port}/api/health`, t0, { signal: gaveUp.signal }),
      firstOk(`http://127.0.0.1:${port}/`, t0, { signal: gaveUp.signal }),
    ]);
    waits.catch(() => {});
    const [health, page] = await Promise.race([waits, proc.died]);
    return { health, page };
  } catch (err) {
    throw new Error(`${err.message}\n${stderr.slice(-2000)}`);
  } finally {
    gaveUp.abort();
    await proc.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function summarize(samples) {
  const h = samples.map((s) => s.health);
  const p = samples.map((s) => s.page);
  return {
    runs: samples.length,
    healthMedianMs: Math.round(median(h)),
    healthMaxMs: Math.round(Math.max(...h)),
    pageMedianMs: Math.round(median(p)),
    pageMaxMs: Math.round(Math.max(...p)),
    samples: samples.map((s) => ({ health: Math.round(s.health), page: Math.round(s.page) })),
  };
}

const project = copyProject();
try {
  const samples = { fresh: [], built: [], 'built-initdb': [] };
  const template = path.join(project, 'dist', 'db-template');
  const aside = path.join(project, 'db-template.aside');
  const measure = async (name, i) => {
    const s = await once(project);
    samples[name].push(s);
    console.log(`${name} #${i + 1}: /api/health ${Math.round(s.health)} ms, / ${Math.round(s.page)} ms`);
  };
  for (let i = 0; i < runs && only.has('fresh'); i++) {
    fs.rmSync(path.join(project, 'dist'), { recursive: true, force: true });
    await measure('fresh', i);
  }
  if (!fs.existsSync(template)) {
    console.log('building (no fresh case ran)');
    await measure('fresh', 0);
  }
  // built and built-initdb alternate, so a busy moment of the machine weighs on both alike.
  for (let i = 0; i < runs; i++) {
    if (only.has('built')) await measure('built', i);
    if (!only.has('built-initdb')) continue;
    fs.renameSync(template, aside);
    await measure('built-initdb', i);
    fs.renameSync(aside, template);
  }
  const cases = Object.fromEntries(
    Object.entries(samples)
      .filter(([name]) => only.has(name))
      .map(([name, s]) => [name, summarize(s)]),
  );
  console.log('\ncase          runs  health median  health max  page median  page max');
  for (const [name, c] of Object.entries(cases)) {
    const row = [c.healthMedianMs, c.healthMaxMs, c.pageMedianMs, c.pageMaxMs].map((v) =>
      `${v} ms`.padStart(12),
    );
    console.log(`${name.padEnd(12)} ${String(c.runs).padStart(5)} ${row.join(' ')}`);
  }
  console.log(`\nwrote ${writeResult('startup', { cases })}`);
} finally {
  fs.rmSync(project, { recursive: true, force: true });
}
