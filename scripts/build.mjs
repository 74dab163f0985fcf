// Builds the client (Vite) into dist/client, bundles the server into dist/server/main.mjs and makes the migrated
// embedded database dist/db-template.
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
// The migrated embedded database, so a fresh DATA_DIR starts from a copy instead of initdb plus every migration.
await build({
  entryPoints: ['server/db/make-template.ts'],
  outfile: 'dist/server/make-db-template.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
execFileSync(process.execPath, ['dist/server/make-db-template.mjs', 'dist/db-template'], {
  stdio: 'inherit',
});
const packed = precompressDir('dist/client');
console.log(
  `built dist/client and dist/server; precompressed ${packed.files} files (${Math.round(packed.before / 1024)} KB -> ${Math.round(packed.afterBr / 1024)} KB brotli)`,
);
