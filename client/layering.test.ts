import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports go one way: the app shell (client/app) uses features, features use the data layer, lib and ui. Nothing
 * outside client/app imports it (a feature that did would loop back through the shell), and lib and ui, which
 * every feature uses, import no feature.
 */
const root = import.meta.dirname;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'public' ? [] : sources(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) =>
    path.relative(root, path.resolve(path.dirname(file), m[1]!)),
  );
}

describe('client layering', () => {
  it('no file outside client/app imports the app shell', () => {
    const offenders = sources(root)
      .filter((file) => !path.relative(root, file).startsWith(`app${path.sep}`) && !file.endsWith('main.tsx'))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith(`app${path.sep}`))
          .map((target) => `${path.relative(root, file)} -> ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('lib, ui and api import no feature', () => {
    const offenders = ['lib', 'ui', 'api'].flatMap((dir) =>
      sources(path.join(root, dir)).flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith(`features${path.sep}`))
          .map((target) => `${path.relative(root, file)} -> ${target}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
