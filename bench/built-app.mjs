// The built app on its own port and data folder, for the browser benchmarks (lighthouse, service-worker).
// It runs from a copy of the build (everything else linked), so a rebuild in this checkout during the run cannot
// pull files from under it. Options on the command line:
//   --no-build    use the existing build instead of building first
//   --dist=DIR    run that build (e.g. one copied aside) instead of dist/
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { arg, firstOk, freePort, root, spawnGroup, tempDir } from './lib.mjs';

export const chromiumPath = arg('chromium', '/usr/bin/chromium');

/** Starts the build in `dist` (default: --dist, else dist/ built first unless --no-build). */
export async function startBuiltApp({ dist: chosen } = {}) {
  const dist = path.resolve(root, chosen ?? arg('dist', 'dist'));
  if (!chosen && !process.argv.includes('--no-build') && !process.argv.some((a) => a.startsWith('--dist='))) {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const app = tempDir('built-app');
  fs.cpSync(dist, path.join(app, 'dist'), { recursive: true });
  for (const entry of fs.readdirSync(root)) {
    if (['dist', '.tmp', '.git', 'data'].includes(entry)) continue;
    fs.symlinkSync(path.join(root, entry), path.join(app, entry));
  }
  const port = await freePort();
  const dataDir = tempDir('built-app-data');
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'SERVE_CLIENT', 'DISABLE_RATE_LIMIT'])
    delete env[key];
  const server = spawnGroup(process.execPath, [path.join(app, 'dist', 'server', 'main.mjs')], {
    cwd: app,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server.died.catch(() => {});
  const url = `http://localhost:${port}`;
  await Promise.race([firstOk(`${url}/api/health`, performance.now()), server.died]);
  return {
    url,
    dataDir,
    /** The server's process id (its CPU time: lib.mjs cpuMsOf). */
    pid: server.child.pid,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(app, { recursive: true, force: true });
    },
  };
}

/**
 * Signs a new person up and follows the verification link the app mailed (its outbox in `app.dataDir`), as most
 * returning people have; returns their session as a Cookie header.
 */
export async function verifiedCookie(app) {
  const email = `bench-verified-${Date.now()}@example.com`;
  const cookie = await signUpCookie(app.url, email);
  const outbox = path.join(app.dataDir, 'outbox');
  const deadline = performance.now() + 30_000;
  let token;
  while (!token && performance.now() < deadline) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      if (mail.to?.text !== email) continue;
      token = mail.text?.match(/\/verify-email\?token=([\w.%-]+)/)?.[1];
    }
    if (!token) await new Promise((r) => setTimeout(r, 250));
  }
  if (!token) throw new Error(`no verification mail to ${email} in ${outbox}`);
  const res = await fetch(`${app.url}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, cookie },
    body: JSON.stringify({ token: decodeURIComponent(token) }),
  });
  if (!res.ok) throw new Error(`verify-email answered ${res.status}: ${await res.text()}`);
  return cookie;
}

/** Signs a new person up through the API and returns their session as a Cookie header. */
export async function signUpCookie(url, email = `bench-${Date.now()}@example.com`) {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      email,
      password: 'bench-password-123',
      dateOfBirth: '1990-04-12',
      firstName: 'Bench',
      lastName: 'Runner',
      timeZone: 'UTC',
    }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Signs in as a demo visitor (the sign-in screen's Try Demo: each gets a sandbox of their own, with friends, Pacts,
 * ranks and proofs, DECISIONS.md); returns the session as a Cookie header.
 */
export async function demoCookie(url) {
  const res = await fetch(`${url}/api/auth/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'demo@sweatpact.app', password: 'try-the-demo', timeZone: 'UTC' }),
  });
  if (!res.ok) throw new Error(`demo sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A signed-in phone on Lighthouse's mobile profile applied as real throttling: a 390x844 tab with `cookie` (a Cookie
 * header) and no service worker, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower.
 */
export async function throttledPhoneTab(browser, url, cookie) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  await context.addCookies(
    cookie
      .split('; ')
      .map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1), url })),
  );
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
  return { context, tab };
}
