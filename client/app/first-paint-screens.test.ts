import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstPaintModules, firstPaintShellModules } from './first-paint-screens';
import { SCREENS } from './route-preload';
import { load } from './screens';

const client = path.resolve(import.meta.dirname, '..');
/** screens.ts's `load` entries as written: name -> the module it imports, from client/. */
const imported = Object.fromEntries(
  [
    ...fs
      .readFileSync(path.join(import.meta.dirname, 'screens.ts'), 'utf8')
      .matchAll(/^\s+(\w+): loader\(\(\) => import\('([^']+)'\)\)/gm),
  ].map((m) => [m[1], path.relative(client, path.resolve(import.meta.dirname, m[2]!))]),
);

describe('the screens the server draws', () => {
  it('are screens route-preload loads ahead, each named by the module screens.ts loads for it', () => {
    for (const [pathname, module] of Object.entries(firstPaintModules)) {
      const screen = SCREENS[pathname];
      expect(screen, pathname).toBeDefined();
      const name = Object.entries(load).find(([, loader]) => loader === screen?.page)?.[0];
      expect(module, pathname).toBe(`${imported[name ?? '']}.tsx`);
    }
    expect(firstPaintShellModules).toContain(`${imported.shell}.tsx`);
    for (const module of [...Object.values(firstPaintModules), ...firstPaintShellModules])
      expect(fs.existsSync(path.join(client, module)), module).toBe(true);
  });
});
