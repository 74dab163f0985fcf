import fs from 'node:fs';
import path from 'node:path';

/** The project root (where package.json is), whether running from source or from the built bundle. */
function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export const rootDir = findRoot(import.meta.dirname);
export const migrationsDir = path.join(rootDir, 'server', 'db', 'migrations');
export const clientDistDir = path.join(rootDir, 'dist', 'client');
/** The migrated embedded database the build makes; a fresh DATA_DIR starts as a copy of it (server/db/template.ts). */
export const dbTemplateDir = path.join(rootDir, 'dist', 'db-template');
