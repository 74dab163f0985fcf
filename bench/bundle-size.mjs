// First-load JavaScript: the gzipped size (zlib level 9) of every JS response a signed-out visitor downloads
// before the sign-in screen is usable ('Try Demo' visible), on a 390x844 phone in Debian's Chromium.
// Goal: at most 150 KB (150,000 bytes). Exit code 1 when over the goal.
// Usage: node bench/bundle-size.mjs [--no-build]   (--no-build uses the existing dist/)
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { arg, firstOk, freePort, root, spawnGroup, tempDir, writeResult } from './lib.mjs';

const GOAL_BYTES = 150_000;
const noBuild = process.argv.includes('--no-build');
const chromiumPath = arg('chromium', '/usr/bin/chromium');

if (!noBuild || !fs.existsSync(path.join(root, 'dist', 'server', 'main.mjs'))) {
  const build = spawnGroup(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  build.died.catch(() => {}); // the build is meant to end; only its exit code matters here
  const code = await new Promise((resolve) => build.child.on('exit', resolve));
  if (code !== 0) throw new Error(`build failed with code ${code}`);
}

const port = await freePort();
const dataDir = tempDir('bundle-data');
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
for (const key of ['DATABASE_URL', 'REDIS_URL']) delete env[key];
const server = spawnGroup(process.execPath, [path.join(root, 'dist', 'server', 'main.mjs')], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

let browser;
try {
  server.died.catch(() => {});
  await Promise.race([firstOk(`http://127.0.0.1:${port}/api/health`, performance.now()), server.died]);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
  const page = await context.newPage();
  const pending = [];
  let usable = false;
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    const isJs = res.request().resourceType() === 'script' || /javascript/.test(type);
    if (!isJs) return;
    const beforeUsable = !usable;
    pending.push(
      res.body().then((body) => ({
        url: new URL(res.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        beforeUsable,
      })),
    );
  });
  const t0 = performance.now();
  await page.goto(`http://localhost:${port}/`);
  await page.getByRole('button', { name: 'Try Demo' }).waitFor({ state: 'visible', timeout: 30_000 });
  usable = true;
  const usableMs = Math.round(performance.now() - t0);
  // Whatever loads after the screen is usable (prefetches, lazy chunks) is reported apart, not counted.
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(pending);
  await context.close();

  const counted = files.filter((f) => f.beforeUsable);
  const later = files.filter((f) => !f.beforeUsable);
  const sum = (xs, k) => xs.reduce((a, f) => a + f[k], 0);
  const gzipTotal = sum(counted, 'gzip');
  console.log('file                                              raw        gzip -9');
  for (const f of counted)
    console.log(`${f.url.padEnd(46)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)}`);
  for (const f of later)
    console.log(
      `${`(after usable) ${f.url}`.padEnd(46)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)}`,
    );
  console.log(
    `${'total before the sign-in screen is usable'.padEnd(46)} ${kb(sum(counted, 'raw')).padStart(10)} ${kb(gzipTotal).padStart(10)}`,
  );
  const ok = gzipTotal <= GOAL_BYTES;
  console.log(
    `\ngoal ${kb(GOAL_BYTES)}: ${ok ? 'MET' : 'OVER'} (${kb(gzipTotal)}); 'Try Demo' visible after ${usableMs} ms`,
  );
  const file = writeResult('bundle-size', {
    goalBytes: GOAL_BYTES,
    gzipBytes: gzipTotal,
    rawBytes: sum(counted, 'raw'),
    met: ok,
    usableMs,
    files: counted,
    afterUsable: later,
  });
  console.log(`wrote ${file}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser?.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
