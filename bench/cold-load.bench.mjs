// A direct, cold load of the bottom navigation's screens (Leaderboard, Discover, Teams) by a signed-in person, on
// Lighthouse's mobile profile applied as real throttling in Chromium: 150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up, CPU 4x slower. Each run is a fresh browser context (empty cache, no service worker), so nothing is
// kept from an earlier load. "Content" is the first painted frame that shows the screen with its data: the screen's
// own marker is there (a ranked person, a Pact slide, the Teams sections) and no skeleton or loading spinner is left
// (the brand splash has one; a video still loading and the next page of a feed do not count), taken in the frame
// after the DOM first has it, so a page still waiting for its stylesheet does not count as painted. "The app's own
// screen" is when the app has drawn it (the server's picture gone: it answers taps).
// Each screen loads two ways in each run, side by side: "drawn", as the server draws it into the page for a
// signed-in person (app/first-paint.tsx), and "app", the same path with a query, which the server never draws (the
// app alone, as before server drawing). Also shown: the server's CPU per load (the page and every call the app made
// by the time its screen was up), when the first API call for the screen's data started and how many script files
// loaded before it.
// Goal: content within 1,200 ms (median) on each screen, drawn by the server.
// The browser has the app's signed-in hint in localStorage (as a phone that was signed in before and lost its HTTP
// cache); --no-hint loads as one that never was.
// Usage: node bench/cold-load.bench.mjs [--runs=5] [--no-build] [--dist=DIR] [--pages=leaderboard,discover,teams]
//        [--no-hint] [--waterfall (print the first load's files with their times)]
import { chromium } from 'playwright';
import { chromiumPath, signUpCookie, startBuiltApp, throttledPhoneTab } from './built-app.mjs';
import { arg, cpuMsOf, median, writeResult } from './lib.mjs';

const GOAL_MS = 1200;
const runs = Number(arg('runs', '5'));
const PAGES = {
  leaderboard: { path: '/leaderboard', marker: 'a[href^="/user/"]', api: '/api/leaderboard' },
  discover: { path: '/challenges', marker: '[data-testid="discover-feed"] h2', api: '/api/challenges' },
  teams: { path: '/teams', marker: 'h2', api: '/api/teams' },
};

/**
 * Runs in the page before any of its scripts: notes the first frame that shows the screen's content (painted:
 * the frame after the DOM first has it, which waits for the stylesheet), whether the server drew it into the page
 * or the app did, and when the app itself has drawn it (the server's picture gone, so it answers taps).
 */
function watchForContent(marker) {
  const loading =
    '.animate-pulse, [role="status"][aria-label^="Loading"]:not([aria-label^="Loading video"]):not([aria-label^="Loading more"])';
  const shown = () => document.querySelector(marker) && !document.querySelector(loading);
  const check = () => {
    if (window.__contentSeen == null && shown()) {
      window.__contentSeen = performance.now();
      window.__drawnByServer = document.querySelector('#splash[data-first-paint]') != null;
      requestAnimationFrame(() => setTimeout(() => (window.__contentAt = performance.now())));
    }
    if (window.__readyAt == null && !document.getElementById('splash') && shown())
      window.__readyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
}

async function load(browser, url, cookie, page, search, pid) {
  const { context, tab } = await throttledPhoneTab(browser, url, cookie);
  // Someone who was signed in on this phone before (the app keeps that hint in localStorage, route-preload.ts);
  // --no-hint loads as a browser that never was.
  if (!process.argv.includes('--no-hint'))
    await tab.addInitScript(() => localStorage.setItem('signed-in', '1'));
  await tab.addInitScript(watchForContent, page.marker);
  const cpuBefore = cpuMsOf(pid);
  await tab.goto(`${url}${page.path}${search}`, { waitUntil: 'commit' });
  await tab.waitForFunction(() => window.__contentAt != null && window.__readyAt != null, null, {
    timeout: 30_000,
  });
  // The server's CPU for the whole load: the page and every call the app made by the time its screen was up.
  await tab.waitForTimeout(300);
  const serverCpuMs = cpuMsOf(pid) - cpuBefore;
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
      readyMs: Math.round(window.__readyAt),
      drawnByServer: window.__drawnByServer,
      cssEnd: Math.round(entries.find((e) => e.name.endsWith('.css'))?.responseEnd ?? 0),
      firstApiMs: firstApi ? Math.round(firstApi.startTime) : null,
      scriptsBefore,
      scripts: entries.filter((e) => e.name.endsWith('.js')).length,
    };
  }, page.api);
  await context.close();
  return { ...result, serverCpuMs };
}

const only = arg('pages', Object.keys(PAGES).join(',')).split(',');
/**
 * Each screen is loaded both ways in every run, in alternating order: as the server draws it (its path, a session
 * cookie) and as the app alone draws it (the same path with a query, which the server never draws: the page before
 * server drawing), so the two are compared side by side in one run.
 */
const WAYS = { drawn: '', app: '?bench=app-only' };
const app = await startBuiltApp();
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
const results = {};
try {
  const cookie = await signUpCookie(app.url);
  // Warm the server (its first answers compile statements, its first drawing loads the renderer); the browser side
  // stays cold in every run.
  for (const name of only) {
    await fetch(`${app.url}${PAGES[name].api}`, { headers: { cookie } }).catch(() => {});
    await fetch(`${app.url}${PAGES[name].path}`, { headers: { cookie } }).catch(() => {});
  }
  for (const name of only) results[name] = { drawn: [], app: [] };
  // Pages alternate run by run, so a busy moment of the machine falls on all of them alike.
  for (let i = 0; i < runs; i++) {
    for (const name of only) {
      const ways = i % 2 === 0 ? ['drawn', 'app'] : ['app', 'drawn'];
      for (const way of ways) {
        const { waterfall, ...r } = await load(browser, app.url, cookie, PAGES[name], WAYS[way], app.pid);
        // --waterfall: every file the first load of each screen fetched, when it started and ended (ms).
        if (i === 0 && process.argv.includes('--waterfall'))
          for (const w of waterfall)
            console.log(`  ${`${w.start}-${w.end}`.padEnd(11)} ${w.bytes} ${w.name}`);
        results[name][way].push(r);
        console.log(
          `${name} (${way}) #${i + 1}: content ${r.contentMs} ms${r.drawnByServer ? ' (drawn by the server)' : ''}, stylesheet in at ${r.cssEnd} ms, the app's own screen ${r.readyMs} ms, first API call at ${r.firstApiMs} ms after ${r.scriptsBefore} scripts, server CPU ${r.serverCpuMs} ms`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await app.stop();
}

const range = (xs) => `${median(xs)} ms (${Math.min(...xs)}-${Math.max(...xs)})`;
console.log(
  `\n${'page'.padEnd(12)}${'way'.padEnd(7)}${'content'.padStart(24)}${"app's own screen".padStart(26)}${'server CPU/load'.padStart(18)}`,
);
let ok = true;
const summary = {};
for (const [name, byWay] of Object.entries(results)) {
  summary[name] = {};
  for (const [way, samples] of Object.entries(byWay)) {
    const content = samples.map((s) => s.contentMs);
    const ready = samples.map((s) => s.readyMs);
    if (way === 'drawn') ok &&= median(content) <= GOAL_MS && samples.every((s) => s.drawnByServer);
    summary[name][way] = {
      contentMedianMs: median(content),
      readyMedianMs: median(ready),
      serverCpuMedianMs: median(samples.map((s) => s.serverCpuMs)),
      firstApiMedianMs: median(samples.map((s) => s.firstApiMs ?? Number.NaN)),
      scriptsBefore: median(samples.map((s) => s.scriptsBefore)),
      samples,
    };
    console.log(
      `${name.padEnd(12)}${way.padEnd(7)}${range(content).padStart(24)}${range(ready).padStart(26)}${`${summary[name][way].serverCpuMedianMs} ms`.padStart(18)}`,
    );
  }
}
console.log(
  `\ngoal: content within ${GOAL_MS} ms (median) on each screen, drawn by the server: ${ok ? 'MET' : 'MISSED'}`,
);
console.log(`wrote ${writeResult('cold-load', { goalMs: GOAL_MS, runs, results: summary })}`);
process.exitCode = ok ? 0 : 1;
