import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve(import.meta.dirname, 'shared'),
  '@client': path.resolve(import.meta.dirname, 'client'),
};

const apiProject = (name: string, db: string) => ({
  // The server's first paint renders the client's App, which imports the PWA plugin's virtual module.
  resolve: {
    alias: {
      ...alias,
      'virtual:pwa-register': path.resolve(import.meta.dirname, 'client/test/pwa-register.ts'),
    },
  },
  test: {
    name,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    // PGlite: every test file's database starts from one migrated dump made per run.
    globalSetup: db === 'pglite' ? ['server/test/pglite-snapshot.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's loaded modules instead of importing the whole server again each (the run spent most
    // of its time importing). Each file still builds its own app and database, and the server keeps no state
    // outside its app context (WeakMaps keyed by it); the API tests mock no module.
    isolate: false,
  },
});

/** Unit tests, and the API tests on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too. */
export default defineConfig({
  test: {
    // A worker per core (Vitest's default leaves one free): much of an API test's time is spent waiting on the
    // database, PostgreSQL's own process or I/O, so two workers on a 2-core machine finish in about 0.7x the time.
    maxWorkers: os.availableParallelism(),
    // The run reporter prints how many tests ran on each project and fails silent skips (server/test/run-reporter.ts).
    reporters: ['default', './server/test/run-reporter.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
