import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsDir } from '../paths';

/**
 * Global setup of the PGlite API tests: one migrated database, dumped to a file, that every test file's database
 * starts from (server/test/app.ts). PGlite's initdb and every migration take seconds per database; loading the dump
 * takes well under one. Made on every run, so it always has the current migrations.
 */
export default async function setup(project: TestProject) {
  const file = path.join(os.tmpdir(), `sweatpact-pglite-snapshot-${process.pid}.tar`);
  const client = new PGlite();
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder: migrationsDir });
  const dump = await client.dumpDataDir('none');
  await client.close();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump of this run (a tar file), or '' when the project has none. */
    pgliteSnapshot: string;
  }
}
