// Signed-in Home's main thread on a slow phone, observed rather than simulated: Chromium at 390x844 with its CPU
// slowed 4x (CDP Emulation.setCPUThrottlingRate), the page's own long tasks (PerformanceObserver 'longtask') from
// navigation until 3 s after My Pacts shows. Per load: total blocking time (the sum over long tasks of their time
// past 50 ms, as TBT counts it), the longest task, and when My Pacts appeared. Lighthouse's simulated figures swing
// widely on a shared machine; this compares builds side by side: with several --dist, loads alternate between
// them, so a busy neighbour weighs on each alike. --rtt=MS adds network emulation (that round trip, 1.6 Mbit/s
// down, 750 kbit/s up) to see what a change costs on a slow network (a request waterfall, say).
// Report only (no goal of its own: Lighthouse's 98 is lighthouse.bench.mjs's).
// Usage: node bench/home-main-thread.bench.mjs [--runs=6] [--rtt=0] [--no-build] [--dist=DIR[,DIR2...]]
import { chromium } from '@playwright/test';
import { chromiumPath, signUpCookie, startBuiltApp } from './built-app.mjs';
import { arg, median, writeResult } from './lib.mjs';

const runs = Number(arg('runs', '6'));
const rtt = Number(arg('rtt', '0'));
const dists = arg('dist', '') ? arg('dist', '').split(',') : [undefined];

/** One load of Home as `cookie`: its long tasks at 4x CPU slowdown. */
async function load(browser, url, cookie) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { Cookie: cookie },
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (rtt > 0) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: rtt,
        downloadThroughput: 200_000,
        uploadThroughput: 93_750,
      });
    }
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${url}/`);
    await page.getByText('My Pacts').first().waitFor({ timeout: 60_000 });
    const myPactsMs = await page.evaluate(() => performance.now());
    await page.waitForTimeout(3000);
    const tasks = await page.evaluate(() => window.__longTasks);
    return {
      tbtMs: Math.round(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
      longestMs: Math.round(Math.max(0, ...tasks)),
      longTasks: tasks.length,
      myPactsMs: Math.round(myPactsMs),
    };
  } finally {
    await context.close();
  }
}

const apps = [];
try {
  for (const dist of dists) apps.push(await startBuiltApp({ dist }));
  const cookies = await Promise.all(apps.map((app) => signUpCookie(app.url)));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  const samples = dists.map(() => []);
  try {
    for (let run = 0; run < runs; run++) {
      for (let i = 0; i < apps.length; i++) {
        const r = await load(browser, apps[i].url, cookies[i]);
        samples[i].push(r);
        console.log(
          `${dists[i] ?? 'dist'} #${run + 1}: TBT ${r.tbtMs} ms, longest ${r.longestMs} ms, My Pacts at ${r.myPactsMs} ms`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  const results = dists.map((dist, i) => ({
    dist: dist ?? 'dist',
    tbtMedianMs: median(samples[i].map((s) => s.tbtMs)),
    longestMedianMs: median(samples[i].map((s) => s.longestMs)),
    myPactsMedianMs: median(samples[i].map((s) => s.myPactsMs)),
    samples: samples[i],
  }));
  console.log(
    `\nbuild                     TBT median  longest median  My Pacts median   (4x CPU, rtt ${rtt} ms)`,
  );
  for (const r of results) {
    console.log(
      `${r.dist.padEnd(25)} ${`${r.tbtMedianMs} ms`.padStart(10)} ${`${r.longestMedianMs} ms`.padStart(15)} ${`${r.myPactsMedianMs} ms`.padStart(16)}`,
    );
  }
  console.log(`wrote ${writeResult('home-main-thread', { runs, rtt, results })}`);
} finally {
  for (const app of apps) await app.stop();
}
