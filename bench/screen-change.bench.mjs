// Screen changes after the first load: a signed-in person opens Home, reads it, then taps through the bottom
// navigation at a person's pace (Discover, Leaders, Profile, Pacts, twice round), on Lighthouse's mobile profile
// applied as real throttling in Chromium (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower), with no
// service worker (a phone whose worker has not installed yet: the worst case after a first load). Each run is a
// fresh browser context and a new demo visitor (Try Demo: a sandbox with friends, Pacts, ranks and proofs).
// A change is timed from the tap's pointerdown, as the page sees it, to the first painted frame that shows the new
// screen with its data: the screen's own marker (a ranked person, a Pact slide, the profile's figures, Home's
// progress) and no skeleton or loading spinner on screen (one below the fold, or a video still loading, does not
// count), taken in the frame after the DOM has it. "First" is the first visit of a screen in the session (its code and data not yet loaded by a visit),
// "again" the second round.
// --before-dist=DIR runs another build (e.g. one made from an earlier commit) beside this one, alternating sessions,
// so the two are compared in one run on the same machine.
// Goal: every change under 300 ms (median per screen and visit), on this build.
// Usage: node bench/screen-change.bench.mjs [--runs=3] [--no-build] [--dist=DIR] [--before-dist=DIR] [--read-ms=2500]
import { chromium } from 'playwright';
import { chromiumPath, demoCookie, startBuiltApp, throttledPhoneTab } from './built-app.mjs';
import { arg, median, writeResult } from './lib.mjs';

const GOAL_MS = 300;
const runs = Number(arg('runs', '3'));
/** How long the person looks at a screen before the next tap. */
const readMs = Number(arg('read-ms', '2500'));
const SCREENS = {
  discover: { path: '/challenges', marker: '[data-testid="discover-feed"] h2' },
  leaders: { path: '/leaderboard', marker: 'ol[aria-label$="ranking"] a[href^="/user/"]' },
  profile: { path: '/profile', marker: 'main dt' },
  pacts: { path: '/', marker: 'main section[aria-label="Your progress"]' },
};
const ROUND = ['discover', 'leaders', 'profile', 'pacts'];

/** Resolves with the ms from the next pointerdown to the first painted frame showing `marker` on `path`. */
function timeNextChange({ path, marker }) {
  const loading =
    '.animate-pulse, [role="status"][aria-label^="Loading"]:not([aria-label^="Loading video"]):not([aria-label^="Loading more"])';
  return new Promise((resolve, reject) => {
    let t0 = null;
    // A skeleton or spinner below the fold (a section further down still loading) is not what the person sees.
    const loadingInView = () =>
      [...document.querySelectorAll(loading)].some((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.bottom > 0 && box.top < innerHeight;
      });
    const shown = () => location.pathname === path && document.querySelector(marker) && !loadingInView();
    const check = () => {
      if (t0 == null || !shown()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
    };
    const observer = new MutationObserver(check);
    addEventListener(
      'pointerdown',
      (event) => {
        t0 = event.timeStamp;
        observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
        check();
      },
      { once: true, capture: true },
    );
    setTimeout(() => reject(new Error(`no ${marker} on ${path} within 20 s`)), 20_000);
  });
}

async function session(browser, url, cookie) {
  const { context, tab } = await throttledPhoneTab(browser, url, cookie);
  await tab.addInitScript(() => localStorage.setItem('signed-in', '1'));
  // The first load: Home, until the app has drawn it, then the person reads it.
  await tab.goto(`${url}/`);
  await tab.waitForFunction(
    () => !document.getElementById('splash') && document.querySelector('nav[aria-label="Main"]'),
    null,
    {
      timeout: 60_000,
    },
  );
  await tab.waitForTimeout(readMs);
  const changes = [];
  for (const [round, visit] of [
    [0, 'first'],
    [1, 'again'],
  ]) {
    for (const name of ROUND) {
      const timing = tab.evaluate(timeNextChange, SCREENS[name]);
      await tab.locator(`nav[aria-label="Main"] a[href="${SCREENS[name].path}"]`).click();
      const ms = Math.round(await timing);
      changes.push({ name, visit, round, ms });
      console.log(`  ${name} (${visit}): ${ms} ms`);
      await tab.waitForTimeout(readMs);
    }
  }
  await context.close();
  return changes;
}

const builds = [{ label: 'this build', app: await startBuiltApp() }];
const beforeDist = arg('before-dist', '');
if (beforeDist) builds.push({ label: 'before', app: await startBuiltApp({ dist: beforeDist }) });
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
const samples = [];
try {
  for (let i = 0; i < runs; i++) {
    // Alternating order, so a busy moment of the machine falls on both builds alike.
    for (const { label, app } of i % 2 === 0 ? builds : [...builds].reverse()) {
      const cookie = await demoCookie(app.url);
      console.log(`run ${i + 1}, ${label}`);
      for (const change of await session(browser, app.url, cookie)) samples.push({ ...change, build: label });
    }
  }
} finally {
  await browser.close();
  for (const { app } of builds) await app.stop();
}

const summary = {};
let ok = true;
for (const { label } of builds) {
  console.log(`\n${label}\n${'screen'.padEnd(10)}${'first visit'.padStart(22)}${'again'.padStart(22)}`);
  summary[label] = {};
  for (const name of ROUND) {
    const row = {};
    for (const visit of ['first', 'again']) {
      const xs = samples
        .filter((s) => s.build === label && s.name === name && s.visit === visit)
        .map((s) => s.ms);
      row[visit] = { medianMs: median(xs), minMs: Math.min(...xs), maxMs: Math.max(...xs), samples: xs };
      if (label === 'this build') ok &&= median(xs) < GOAL_MS;
    }
    summary[label][name] = row;
    const cell = (r) => `${r.medianMs} ms (${r.minMs}-${r.maxMs})`.padStart(22);
    console.log(`${name.padEnd(10)}${cell(row.first)}${cell(row.again)}`);
  }
}
console.log(`\ngoal: every screen change under ${GOAL_MS} ms (median), this build: ${ok ? 'MET' : 'MISSED'}`);
console.log(`wrote ${writeResult('screen-change', { goalMs: GOAL_MS, runs, readMs, builds: summary })}`);
process.exitCode = ok ? 0 : 1;
