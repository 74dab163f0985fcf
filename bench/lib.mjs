// Small helpers shared by the benchmarks: free ports, temp folders, waiting for HTTP, stats, results files.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const resultsDir = path.join(root, 'bench', 'results');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `sweatpact-${prefix}-`));
}

/** Resolves with the ms since `t0` at which `url` first answered 200 (polling every `every` ms). */
export async function firstOk(url, t0, { timeoutMs = 180_000, every = 20, signal } = {}) {
  while (performance.now() - t0 < timeoutMs) {
    if (signal?.aborted) throw new Error(`gave up waiting for ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, every));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Spawns a command in its own process group so the whole tree (npm -> start.mjs -> server) can be stopped. */
export function spawnGroup(cmd, args, opts) {
  const child = spawn(cmd, args, { ...opts, detached: true });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    child,
    /** Rejects when the process ends on its own (a failed start must not wait for the polling timeout). */
    died: exited.then((code) => {
      throw new Error(`${cmd} ${args.join(' ')} exited early with code ${code}`);
    }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function writeResult(name, data) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ name, at: new Date().toISOString(), ...data }, null, 2)}\n`);
  return path.relative(root, file);
}

/** CPU time (ms, user + system) a process has used so far, from /proc (Linux); 0 where unreadable. */
export function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

export function arg(name, fallback) {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

/**
 * Starts `node <args>` (a server that prints `PORT <n>` once it listens) and answers its port, its pid and a stop
 * function (SIGTERM, then waits for the exit).
 */
export async function startNodeWithPort(args, opts = {}) {
  const child = spawn(process.execPath, args, { ...opts, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  const exited = new Promise((r) => child.on('exit', r));
  return {
    port,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
