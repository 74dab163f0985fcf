// `npm start`: builds when the sources are newer than the build, then serves everything on PORT.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', 'server', 'main.mjs');

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}

const built = fs.existsSync(stamp) && fs.existsSync(path.join(root, 'dist', 'client', 'index.html'));
const sources = Math.max(
  ...['server', 'shared', 'client'].map((d) => newest(path.join(root, d))),
  fs.statSync(path.join(root, 'package-lock.json')).mtimeMs,
);
if (!built || fs.statSync(stamp).mtimeMs < sources) {
  console.log('Building SweatPact...');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit', cwd: root });
}

// The server runs in this process (one Node start fewer than spawning it); it handles SIGINT and SIGTERM itself.
// Source maps are switched on before it loads, as --enable-source-maps would, so stack traces name our files.
process.chdir(root);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(stamp).href);
