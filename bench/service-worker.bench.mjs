// The service worker's effect on a repeat visit: a signed-out visitor opens `/` twice on a throttled phone network
// (slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up, via CDP Network.emulateNetworkConditions), once with
// the service worker and once with service workers blocked (the browser's HTTP cache only). For each visit: the time
// from navigation to the app shell being usable ('Try Demo' visible) and the bytes that came over the network
// (responses the service worker answered from its cache are counted apart). Also Chrome's installability check
// (Page.getInstallabilityErrors, what Lighthouse's former installable-manifest audit reported) must find nothing.
// Goal: on the repeat visit with the service worker, the page and its scripts and styles all come from the worker
// (nothing of the app shell over the network), and installability errors are []. Exit code 1 when missed.
// Usage: node bench/service-worker.bench.mjs [--runs=3] [--no-build] [--dist=DIR]
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumPath, startBuiltApp } from './built-app.mjs';
import { arg, median, tempDir, writeResult } from './lib.mjs';

const runs = Number(arg('runs', '3'));
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

async function visit(page, cdp, url) {
  let network = 0;
  let fromServiceWorker = 0;
  const viaSw = new Set();
  const urls = new Map();
  const requests = [];
  const onResponse = (e) => {
    urls.set(e.requestId, new URL(e.response.url).pathname);
    if (e.response.fromServiceWorker) viaSw.add(e.requestId);
  };
  const onFinished = (e) => {
    const sw = viaSw.has(e.requestId);
    requests.push({ path: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength, fromServiceWorker: sw });
    if (sw) fromServiceWorker += 1;
    else network += e.encodedDataLength;
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  const t0 = performance.now();
  await page.goto(url);
  await page.getByRole('button', { name: 'Try Demo' }).waitFor({ state: 'visible', timeout: 60_000 });
  const shellMs = Math.round(performance.now() - t0);
  await page.waitForLoadState('networkidle');
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.loadingFinished', onFinished);
  return { shellMs, networkBytes: network, fromServiceWorker, requests };
}

async function session(url, withServiceWorker) {
  const profile = tempDir('sw-profile');
  // A real profile folder: Chrome judges installability only outside incognito-like contexts.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    serviceWorkers: withServiceWorker ? 'allow' : 'block',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    const first = await visit(page, cdp, url);
    let installabilityErrors = null;
    if (withServiceWorker) {
      // Installed and done precaching: the worker is active once `ready` resolves.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      ({ installabilityErrors } = await cdp.send('Page.getInstallabilityErrors'));
    }
    const second = await visit(page, cdp, url);
    if (withServiceWorker) {
      const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
      if (!controlled) throw new Error('the second visit was not controlled by the service worker');
    }
    return { first, second, installabilityErrors };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const app = await startBuiltApp();
const samples = { withSw: [], withoutSw: [] };
try {
  for (let i = 0; i < runs; i++) {
    // Alternating, so a busy moment of the machine weighs on both alike.
    for (const [key, sw] of [
      ['withSw', true],
      ['withoutSw', false],
    ]) {
      const s = await session(`${app.url}/`, sw);
      samples[key].push(s);
      console.log(
        `${key} #${i + 1}: first ${s.first.shellMs} ms / ${kb(s.first.networkBytes)}, repeat ${s.second.shellMs} ms / ${kb(s.second.networkBytes)} (${s.second.fromServiceWorker} from the service worker)`,
      );
    }
  }
} finally {
  await app.stop();
}

const summary = {};
for (const [key, list] of Object.entries(samples)) {
  summary[key] = {
    firstShellMs: median(list.map((s) => s.first.shellMs)),
    firstBytes: median(list.map((s) => s.first.networkBytes)),
    repeatShellMs: median(list.map((s) => s.second.shellMs)),
    repeatBytes: median(list.map((s) => s.second.networkBytes)),
    repeatFromServiceWorker: median(list.map((s) => s.second.fromServiceWorker)),
  };
}
const errors = samples.withSw.flatMap((s) => s.installabilityErrors ?? []);
const isShell = (p) => p === '/' || p.startsWith('/assets/');
const shellOverNetwork = samples.withSw.flatMap((s) =>
  s.second.requests.filter((r) => isShell(r.path) && !r.fromServiceWorker && r.bytes > 0).map((r) => r.path),
);
console.log('\nslow 4G, median of', runs, '        first visit            repeat visit');
for (const [key, s] of Object.entries(summary)) {
  const label = key === 'withSw' ? 'with service worker' : 'service worker blocked';
  console.log(
    `${label.padEnd(24)} ${`${s.firstShellMs} ms`.padStart(9)} ${kb(s.firstBytes).padStart(10)}    ${`${s.repeatShellMs} ms`.padStart(9)} ${kb(s.repeatBytes).padStart(10)}`,
  );
}
console.log(`installability errors: ${JSON.stringify(errors)}`);
console.log(
  `app shell over the network on a repeat visit with the worker: ${JSON.stringify(shellOverNetwork)}`,
);
const ok = errors.length === 0 && shellOverNetwork.length === 0;
console.log(`goal (repeat visit's app shell all from the worker, installable): ${ok ? 'MET' : 'MISSED'}`);
console.log(
  `wrote ${writeResult('service-worker', { runs, network: SLOW_4G, summary, installabilityErrors: errors, shellOverNetwork, samples })}`,
);
process.exitCode = ok ? 0 : 1;
