// `npm start`: builds when the sources are newer than the build, then serves everything on PORT.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

const child = spawn(process.execPath, ['--enable-source-maps', stamp], { stdio: 'inherit', cwd: root });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
