// `npm run bench`: runs every benchmark in turn and prints a summary. Results land in bench/results/*.json.
// Built in: startup.mjs, bundle-size.mjs. Others are picked up automatically as bench/*.bench.mjs.
// Usage: npm run bench [-- name ...]   e.g. `npm run bench -- startup` runs only bench/startup.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const builtIn = ['bundle-size.mjs', 'startup.mjs'];
const discovered = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const all = [...builtIn, ...discovered];
const chosen = wanted.length
  ? all.filter((f) => wanted.some((w) => f.replace(/(\.bench)?\.mjs$/, '') === w))
  : all;
if (wanted.length && chosen.length === 0) {
  console.error(`no benchmark named ${wanted.join(', ')}; have: ${all.join(', ')}`);
  process.exit(2);
}

const summary = [];
for (const file of chosen) {
  console.log(`\n=== ${file}`);
  const t0 = performance.now();
  const res = spawnSync(process.execPath, [path.join(dir, file)], {
    stdio: 'inherit',
    cwd: path.join(dir, '..'),
  });
  summary.push({ file, code: res.status ?? 1, seconds: ((performance.now() - t0) / 1000).toFixed(1) });
}

console.log('\nbenchmark                      result   time');
for (const s of summary) {
  console.log(`${s.file.padEnd(30)} ${(s.code === 0 ? 'ok' : `exit ${s.code}`).padEnd(8)} ${s.seconds} s`);
}
process.exitCode = summary.some((s) => s.code !== 0) ? 1 : 0;
