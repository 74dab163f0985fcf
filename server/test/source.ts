import fs from 'node:fs';
import path from 'node:path';

/** Reading the server's own source, for the tests of its structure (boundaries.test.ts, layers.test.ts). */

export const serverDir = path.resolve(import.meta.dirname, '..');
export const modulesDir = path.join(serverDir, 'modules');

/** The module a server file belongs to: its folder under modules/, else 'platform' or 'db' or the like. */
export function moduleOf(file: string): string {
  const rel = path.relative(serverDir, file).split(path.sep);
  return rel[0] === 'modules' && rel.length > 2 ? rel[1]! : rel[0]!;
}

/** Tests and test helpers build fixtures across modules: the structure rules do not apply to them. */
export const isExempt = (file: string) =>
  /\.test\.ts$/.test(file) || path.basename(file) === 'testing.ts' || moduleOf(file) === 'test';

/** Every .ts file under `dir` (migrations aside). */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
