// Builds the client (Vite) into dist/client and bundles the server into dist/server/main.mjs.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { precompressDir } from './precompress.mjs';

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
});
await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
const packed = precompressDir('dist/client');
console.log(
  `built dist/client and dist/server; precompressed ${packed.files} files (${Math.round(packed.before / 1024)} KB -> ${Math.round(packed.afterBr / 1024)} KB brotli)`,
);
