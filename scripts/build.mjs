// Builds the client (Vite) into dist/client, bundles the server into dist/server/main.mjs and makes the migrated
// embedded database dist/db-template.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { precompressDir } from './precompress.mjs';

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
});
// The server's first paint of a screen (client/app/first-paint.tsx, server/platform/first-paint.ts): the client's
// components built for Node into one file with their packages, in React's production build whatever NODE_ENV the
// server runs under.
await viteBuild({
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': '"production"' },
  ssr: { noExternal: true },
  build: {
    ssr: 'app/first-paint.tsx',
    outDir: '../dist/ssr',
    copyPublicDir: false,
    emptyOutDir: true,
    rolldownOptions: { output: { entryFileNames: 'first-paint.mjs', codeSplitting: false } },
  },
});
fs.rmSync('dist/server', { recursive: true, force: true });
// The server with its packages in one bundle: Node then reads a few files instead of resolving and compiling
// some two thousand modules one by one (a fresh start served its page 0.5-0.8 s sooner; bench/README.md, startup).
// Split, so main.mjs starts the first start's database copy before the app's chunk (and its packages) loads.
// Left outside: packages that load files next to their own code (PGlite's WebAssembly and data, argon2's native
// binary, the Swagger UI's pages) and pg, loaded only for PostgreSQL; server/platform/optional-package.ts loads the
// rest of what only some setups use (Stripe, S3, Redis, SMTP, Web Push) from node_modules on first use.
await build({
  entryPoints: ['server/main.ts'],
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@electric-sql/pglite', '@node-rs/argon2', '@fastify/swagger-ui', 'pg', 'pg-native'],
  // CommonJS packages inside an ES module bundle call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Stack traces map back to files and lines (npm start runs with --enable-source-maps); the sources are in the
  // repository, so the maps leave them out (a third of the size, and less to parse at start).
  sourcemap: true,
  sourcesContent: false,
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
