import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isExempt, moduleOf, modulesDir, sourceFiles } from '../test/source';
import { LAYERS, layerOf, PLACED, UPWARD_EXCEPTIONS } from './layers';

/**
 * The modules' direction (layers.ts), read from the source: every import goes down a layer, or stays in its layer
 * without making a cycle between modules; inside a module too, a file placed low (a rule, the guard) imports nothing
 * above it; no module imports another's screen. Type imports count: a type is part of what a module depends on.
 */

const isScreen = (rel: string) => layerOf(rel) === Number.POSITIVE_INFINITY;

interface Imports {
  /** Problems: imports going up or into another module's screen. */
  problems: string[];
  /** Every module-to-module import (rules and screens too), for the cycle check: modules form no cycle at all. */
  edges: [from: string, to: string][];
}

/** The imports of one module file (`file` is where it would live). */
function importsOf(file: string, text: string, into: Imports) {
  const from = path.relative(modulesDir, file).split(path.sep).join('/');
  const mine = moduleOf(file);
  if (mine === 'modules') return; // modules/index.ts (which registers them all) and the tables beside it
  for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
    if (!imported.fileName.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), imported.fileName);
    if (!target.startsWith(modulesDir + path.sep)) continue;
    const to = `${path.relative(modulesDir, target).split(path.sep).join('/')}.ts`;
    const theirs = moduleOf(`${target}.ts`);
    const key = `${from} -> ${to}`;
    const [up, down] = [layerOf(from), layerOf(to)];
    if (theirs !== mine && isScreen(to)) into.problems.push(`${key}: imports another module's screen`);
    else if (down > up && !UPWARD_EXCEPTIONS[key])
      into.problems.push(`${key}: up from layer ${up} to ${down}`);
    if (theirs !== mine) into.edges.push([mine, theirs]);
  }
}

/**
 * The cycles among modules (each as a path, first module repeated last). Any file counts: a rule file or a screen
 * that imports another module ties the two modules as much as a service does.
 */
function cycles(edges: [string, string][]): string[] {
  const next = new Map<string, Set<string>>();
  for (const [a, b] of edges) next.set(a, (next.get(a) ?? new Set()).add(b));
  const found = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    const at = trail.indexOf(node);
    if (at >= 0) {
      const loop = trail.slice(at);
      const start = loop.indexOf([...loop].sort()[0]!);
      found.add([...loop.slice(start), ...loop.slice(0, start), loop[start]].join(' -> '));
      return;
    }
    for (const n of next.get(node) ?? []) walk(n, [...trail, node]);
  };
  for (const node of next.keys()) walk(node, []);
  return [...found].sort();
}

function check(files: { file: string; text: string }[]) {
  const into: Imports = { problems: [], edges: [] };
  for (const { file, text } of files) importsOf(file, text, into);
  return [...into.problems, ...cycles(into.edges).map((c) => `cycle: ${c}`)];
}

const fake = (rel: string, ...lines: string[]) => ({
  file: path.join(modulesDir, rel),
  text: lines.join('\n'),
});

describe('module layers', () => {
  it('gives every module a layer, and only modules that exist', () => {
    const folders = fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(Object.keys(LAYERS).sort()).toEqual(folders.sort());
    for (const placed of Object.keys(PLACED)) expect(fs.existsSync(path.join(modulesDir, placed))).toBe(true);
    for (const key of Object.keys(UPWARD_EXCEPTIONS)) {
      for (const file of key.split(' -> ')) expect(fs.existsSync(path.join(modulesDir, file))).toBe(true);
    }
  });

  it('finds an upward import, a cycle between modules, a low file reaching up and a foreign screen', () => {
    expect(
      check([
        fake('users/example.ts', "import { listPacts } from '../pacts/read-service';"),
        fake('pacts/example.ts', "import type { SessionUser } from '../session/guard';"),
        fake('friends/example.ts', "import { isBlocked } from '../safety/service';"),
        fake('safety/example.ts', "import type { Friend } from '../friends/service';"),
        fake('session/guard.ts', "import { signUp } from '../auth/service';"),
        fake('chat/example.ts', "import { profileView } from '../screens/profile-view';"),
        fake('screens/profile-view.ts', "import { listPacts } from '../pacts/read-service';"),
        // A rule file is under every layer, yet its import still ties its module to the other one.
        fake('media/policy.ts', "import { pactVisibleTo } from '../teams/policy';"),
        fake('teams/example.ts', "import { removeMedia } from '../media/service';"),
      ]),
    ).toEqual([
      'users/example.ts -> pacts/read-service.ts: up from layer 1 to 4',
      'session/guard.ts -> auth/service.ts: up from layer 0.5 to 9',
      "chat/example.ts -> screens/profile-view.ts: imports another module's screen",
      'cycle: friends -> safety -> friends',
      'cycle: media -> teams -> media',
    ]);
  });

  it('holds in the server code', () => {
    const files = sourceFiles(modulesDir)
      .filter((file) => !isExempt(file))
      .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
    expect(check(files)).toEqual([]);
  });
});
