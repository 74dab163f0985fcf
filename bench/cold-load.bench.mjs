// A direct, cold load of the bottom navigation's screens (Leaderboard, Discover, Teams) by a signed-in person, on
// Lighthouse's mobile profile applied as real throttling in Chromium: 150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up, CPU 4x slower. Each run is a fresh browser context (empty cache, no service worker), so nothing is
// kept from an earlier load. "Content" is the first moment the screen shows its data: the splash is gone, no
// skeleton or loading spinner is left (a video still loading and the next page of a feed do not count) and the screen's own marker is there (a ranked person, a Pact slide, the
// Teams sections). The table also shows when the first API call for the screen's data started and how many script
// files loaded before it, which is where a chain of small lazy chunks shows.
// Goal: content within 1,200 ms (median) on each screen.
// The browser has the app's signed-in hint in localStorage (as a phone that was signed in before and lost its HTTP
// cache); --no-hint loads as one that never was, which waits for the session check before asking for the screen.
// Usage: node bench/cold-load.bench.mjs [--runs=5] [--no-build] [--dist=DIR] [--pages=leaderboard,discover,teams]
//        [--no-hint] [--waterfall (print the first load's files with their times)]
import { chromium } from 'playwright';
import { chromiumPath, signUpCookie, startBuiltApp } from './built-app.mjs';
import { arg, median, writeResult } from './lib.mjs';

const GOAL_MS = 1200;
const runs = Number(arg('runs', '5'));
const PAGES = {
  leaderboard: { path: '/leaderboard', marker: 'a[href^="/user/"]', api: '/api/leaderboard' },
  discover: { path: '/challenges', marker: '[data-testid="discover-feed"] h2', api: '/api/challenges' },
  teams: { path: '/teams', marker: 'h2', api: '/api/teams' },
};

/** Runs in the page before any of its scripts: notes the first moment the screen shows its content. */
function watchForContent(marker) {
  const done = () =>
    !document.getElementById('splash') &&
    document.querySelector(marker) &&
    !document.querySelector(
      '.animate-pulse, [role="status"][aria-label^="Loading"]:not([aria-label^="Loading video"]):not([aria-label^="Loading more"])',
    );
  const check = () => {
    if (window.__contentAt == null && done()) window.__contentAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}

async function load(browser, url, cookie, page) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const cookies = cookie.split('; ').map((c) => {
    const i = c.indexOf('=');
    return { name: c.slice(0, i), value: c.slice(i + 1), url };
  });
  await context.addCookies(cookies);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Someone who was signed in on this phone before (the app keeps that hint in localStorage, route-preload.ts);
  // --no-hint loads as a browser that never was.
  if (!process.argv.includes('--no-hint'))
    await tab.addInitScript(() => localStorage.setItem('signed-in', '1'));
  await tab.addInitScript(watchForContent, page.marker);
  await tab.goto(`${url}${page.path}`, { waitUntil: 'commit' });
  await tab.waitForFunction(() => window.__contentAt != null, null, { timeout: 30_000 });
  const result = await tab.evaluate((api) => {
    const entries = performance.getEntriesByType('resource');
    const firstApi = entries.find((e) => new URL(e.name).pathname.startsWith(api));
    const scriptsBefore = entries.filter(
      (e) =>
        e.initiatorType !== 'fetch' &&
        e.name.endsWith('.js') &&
        (!firstApi || e.startTime < firstApi.startTime),
    ).length;
    return {
      waterfall: entries.map((e) => ({
        name: new URL(e.name).pathname,
        start: Math.round(e.startTime),
        end: Math.round(e.responseEnd),
        bytes: e.transferSize,
      })),
      contentMs: Math.round(window.__contentAt),
      firstApiMs: firstApi ? Math.round(firstApi.startTime) : null,
      scriptsBefore,
      scripts: entries.filter((e) => e.name.endsWith('.js')).length,
    };
  }, page.api);
  await context.close();
  return result;
}

const only = arg('pages', Object.keys(PAGES).join(',')).split(',');
const app = await startBuiltApp();
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
const results = {};
try {
  const cookie = await signUpCookie(app.url);
  // Warm the server (its first answers compile statements); the browser side stays cold in every run.
  for (const name of only)
    await fetch(`${app.url}${PAGES[name].api}`, { headers: { cookie } }).catch(() => {});
  for (const name of only) results[name] = [];
  // Pages alternate run by run, so a busy moment of the machine falls on all of them alike.
  for (let i = 0; i < runs; i++) {
    for (const name of only) {
      const { waterfall, ...r } = await load(browser, app.url, cookie, PAGES[name]);
      // --waterfall: every file the first load of each screen fetched, when it started and ended (ms).
      if (i === 0 && process.argv.includes('--waterfall'))
        for (const w of waterfall) console.log(`  ${`${w.start}-${w.end}`.padEnd(11)} ${w.bytes} ${w.name}`);
      results[name].push(r);
      console.log(
        `${name} #${i + 1}: content ${r.contentMs} ms, first API call at ${r.firstApiMs} ms after ${r.scriptsBefore} scripts`,
      );
    }
  }
} finally {
  await browser.close();
  await app.stop();
}

console.log('\npage         content median  (min-max)      first API call  scripts before it');
let ok = true;
const summary = {};
for (const [name, samples] of Object.entries(results)) {
  const content = samples.map((s) => s.contentMs);
  const m = median(content);
  ok &&= m <= GOAL_MS;
  summary[name] = {
    contentMedianMs: m,
    firstApiMedianMs: median(samples.map((s) => s.firstApiMs ?? Number.NaN)),
    scriptsBefore: median(samples.map((s) => s.scriptsBefore)),
    samples,
  };
  console.log(
    `${`${name.padEnd(12)} ${`${m} ms`.padStart(14)}  (${Math.min(...content)}-${Math.max(...content)})`.padEnd(
      46,
    )}${`${summary[name].firstApiMedianMs} ms`.padStart(14)}  ${summary[name].scriptsBefore}`,
  );
}
console.log(`\ngoal: content within ${GOAL_MS} ms (median) on each screen: ${ok ? 'MET' : 'MISSED'}`);
console.log(`wrote ${writeResult('cold-load', { goalMs: GOAL_MS, runs, results: summary })}`);
process.exitCode = ok ? 0 : 1;
