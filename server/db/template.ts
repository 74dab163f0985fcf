import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../paths';

/**
 * The embedded database's first start (initdb plus every migration) takes seconds; a copy of an already migrated
 * data folder takes a fraction of that. The build makes that copy once (dist/db-template); a fresh DATA_DIR starts
 * from it and the migrator then applies only what is newer than the build.
 */
export async function createDbTemplate(outDir: string, migrationsFolder = migrationsDir): Promise<void> {
  const work = `${outDir}.tmp`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const client = new PGlite(work);
  await client.waitReady;
  await migrate(drizzle(client), { migrationsFolder });
  // A clean shutdown checkpoints, so the copy starts without replaying WAL.
  await client.close();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(work, outDir);
}

export function isDataDir(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Copies the template into `dir` when `dir` holds no database yet. The copy lands beside it and is renamed into
 * place, so a start stopped halfway never leaves half a database behind. Returns whether it copied.
 */
export function seedFromTemplate(dir: string, template: string): boolean {
  if (isDataDir(dir) || !isDataDir(template)) return false;
  // An empty folder (made by hand or by an older start) may be replaced; anything else is left alone.
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) return false;
  const work = `${dir}.seeding`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.cpSync(template, work, { recursive: true });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(work, dir);
  return true;
}
