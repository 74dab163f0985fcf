// Lighthouse mobile (the `lighthouse` 12 package's default: a Moto G Power on slow 4G, simulated throttling) on the
// sign-in screen and on the signed-in Home, against the built app on its own port and data folder, in Debian's
// Chromium. Each page runs 3 times (--runs=N) in a fresh browser; the table shows the median run.
// Goal: performance 98 or more and CLS 0 on both pages, and no console error. Exit code 1 when missed.
// Home is loaded as a returning person's phone with an empty HTTP cache: the session cookie, and the signed-in
// hint the app keeps in localStorage beside it (client/app/signed-in-hint.ts), set on the origin's /api/health
// before the audit, so no asset of the app is cached; Lighthouse's storage reset is off for that page only.
// --no-hint audits Home with the cookie alone (storage reset on), as a browser whose storage was cleared. The person
// has verified their address (followed the mailed link); --unverified audits a new account, whose Home shows the
// Verify banner (then its text is the largest paint). Home arrives drawn by the server (client/app/first-paint.tsx);
// --app-only audits it as the app alone draws it (a query on the URL, which the server never draws).
// Usage: node bench/lighthouse.bench.mjs [--runs=3] [--no-build] [--dist=DIR] [--pages=sign-in,home] [--no-hint] [--unverified]
//        [--app-only]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { chromiumPath, signUpCookie, startBuiltApp, verifiedCookie } from './built-app.mjs';
import { arg, median, writeResult } from './lib.mjs';

const GOAL_SCORE = 98;
const runs = Number(arg('runs', '3'));
const flags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
];

/** Sets the signed-in hint in this browser's storage for the app's origin, loading none of the app's files. */
async function setHint(port, origin) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate(() => localStorage.setItem('signed-in', '1'));
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(url, extraHeaders, hint = false) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: flags,
    logLevel: 'silent',
  });
  try {
    if (hint) await setHint(chrome.port, new URL(url).origin);
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'best-practices'],
      extraHeaders,
      // Keeps the hint just set (the profile is new: nothing else is stored or cached).
      disableStorageReset: hint,
    });
    const a = lhr.audits;
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'];
    for (const id of [...metrics, 'cumulative-layout-shift', 'speed-index']) {
      if (typeof a[id]?.numericValue !== 'number')
        throw new Error(`no ${id}: ${a[id]?.errorMessage ?? lhr.runtimeError?.message ?? 'unknown'}`);
    }
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
      fcpMs: Math.round(a['first-contentful-paint'].numericValue),
      lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(a['total-blocking-time'].numericValue),
      cls: Number(a['cumulative-layout-shift'].numericValue.toFixed(3)),
      speedIndexMs: Math.round(a['speed-index'].numericValue),
      renderBlocking: (a['render-blocking-resources'].details?.items ?? []).map(
        (i) => new URL(i.url).pathname,
      ),
      consoleErrors: (a['errors-in-console'].details?.items ?? []).map((i) => i.description ?? String(i.url)),
      lcpElement:
        a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      // Where the LCP's time went: TTFB, resource load delay and time (none for text), and render delay.
      lcpPhases: Object.fromEntries(
        (a['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map((p) => [
          p.phase,
          Math.round(p.timing),
        ]),
      ),
      longTasks: (a['long-tasks']?.details?.items ?? []).slice(0, 5).map((t) => ({
        url: t.url,
        startMs: Math.round(t.startTime),
        durationMs: Math.round(t.duration),
      })),
      layoutShifts: (a['layout-shifts']?.details?.items ?? []).map((i) => ({
        score: Number(i.score?.toFixed?.(3) ?? i.score),
        node: i.node?.snippet ?? null,
      })),
      // Where the main thread's time went (script evaluation, style and layout, ...), in ms at the simulated CPU.
      mainThread: Object.fromEntries(
        (a['mainthread-work-breakdown']?.details?.items ?? []).map((i) => [i.group, Math.round(i.duration)]),
      ),
      transferBytes: Math.round(a['total-byte-weight'].numericValue),
      // Lighthouse's measure of this machine's speed at the time (a busy machine inflates TBT and LCP).
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      warnings: lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

const app = await startBuiltApp();
const results = {};
try {
  // A verified address, as most returning people have; --unverified: a new account, under its Verify banner.
  const cookie = process.argv.includes('--unverified')
    ? await signUpCookie(app.url)
    : await verifiedCookie(app);
  const pages = { 'sign-in': undefined, home: { Cookie: cookie } };
  const only = arg('pages', 'sign-in,home').split(',');
  for (const [name, headers] of Object.entries(pages).filter(([n]) => only.includes(n))) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      // A run that yields no metric (Chromium's trace cut short on a busy machine) is run again, once.
      const hint = name === 'home' && !process.argv.includes('--no-hint');
      // --app-only: Home with a query, which the server never draws (the app alone draws it, as before).
      const url = `${app.url}/${name === 'home' && process.argv.includes('--app-only') ? '?bench=app-only' : ''}`;
      const r = await audit(url, headers, hint).catch((err) => {
        console.log(`${name} #${i + 1}: ${err.message}; running it again`);
        return audit(url, headers, hint);
      });
      samples.push(r);
      console.log(
        `${name} #${i + 1}: score ${r.score}, LCP ${r.lcpMs} ms, FCP ${r.fcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls}, benchmarkIndex ${r.benchmarkIndex}`,
      );
    }
    // The median run by score (ties: the one with the median LCP).
    const sorted = [...samples].sort((x, y) => x.score - y.score || x.lcpMs - y.lcpMs);
    const mid = sorted[Math.floor(sorted.length / 2)];
    results[name] = {
      median: mid,
      scoreMedian: median(samples.map((s) => s.score)),
      lcpMedianMs: median(samples.map((s) => s.lcpMs)),
      samples,
    };
  }
} finally {
  await app.stop();
}

console.log(
  '\npage      score  LCP median  FCP      TBT     CLS    bytes     render-blocking / console errors',
);
let ok = true;
for (const [name, r] of Object.entries(results)) {
  const m = r.median;
  const pageOk = r.scoreMedian >= GOAL_SCORE && m.cls === 0 && m.consoleErrors.length === 0;
  ok &&= pageOk;
  console.log(
    `${name.padEnd(9)} ${String(r.scoreMedian).padStart(5)} ${`${r.lcpMedianMs} ms`.padStart(11)} ${`${m.fcpMs} ms`.padStart(8)} ${`${m.tbtMs} ms`.padStart(7)} ${String(m.cls).padStart(6)} ${`${(m.transferBytes / 1000).toFixed(0)} KB`.padStart(8)}     ${[...m.renderBlocking, ...m.consoleErrors].join(', ') || '-'}`,
  );
  if (m.lcpElement) console.log(`          LCP element: ${m.lcpElement.slice(0, 100)}`);
}
console.log(`\ngoal: score ${GOAL_SCORE}+, CLS 0, no console error on both pages: ${ok ? 'MET' : 'MISSED'}`);
console.log(`wrote ${writeResult('lighthouse', { goalScore: GOAL_SCORE, runs, results })}`);
process.exitCode = ok ? 0 : 1;
