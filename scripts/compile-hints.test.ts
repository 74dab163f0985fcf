import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';

/** A small app with what the client build has: a lazy chunk with CSS (so Vite writes its preload map), a shared one. */
function writeApp(dir: string) {
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/main.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'shared.js'), 'export const double = (n) => n * 2;\n');
  fs.writeFileSync(path.join(dir, 'lazy.css'), '.lazy { color: red; }\n');
  fs.writeFileSync(
    path.join(dir, 'lazy.js'),
    "import './lazy.css';\nimport { double } from './shared.js';\nexport const run = () => double(21);\n",
  );
  fs.writeFileSync(
    path.join(dir, 'main.js'),
    "import { double } from './shared.js';\nconsole.log(double(1));\nimport('./lazy.js').then((m) => console.log(m.run()));\n",
  );
}

async function buildApp(dir: string, sourcemap: boolean) {
  const result = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [compileHints()],
    build: { write: false, sourcemap, minify: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs.flatMap((o) => o.output);
}

describe('compile hints', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-compile-hints-'));
  writeApp(dir);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts the hint on the first line of every chunk, before Vite preload map, and only once', async () => {
    const chunks = (await buildApp(dir, false)).filter((f) => f.type === 'chunk');
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.some((c) => c.code.includes('__vite__mapDeps'))).toBe(true);
    for (const chunk of chunks) {
      const lines = chunk.code.split('\n');
      expect(lines[0]).toBe(COMPILE_HINT);
      expect(lines.filter((l) => l === COMPILE_HINT)).toHaveLength(1);
    }
    // Non-script assets (the lazy CSS, the page) are left as they were.
    const assets = (await buildApp(dir, false)).filter((f) => f.type === 'asset');
    for (const asset of assets) expect(String(asset.source)).not.toContain(COMPILE_HINT);
  });

  it('moves a source map down by the added line', async () => {
    const files = await buildApp(dir, true);
    const chunk = files.find((f): f is Rollup.OutputChunk => f.type === 'chunk' && f.isEntry)!;
    expect(chunk.map?.mappings.startsWith(';')).toBe(true);
    // The line holding the code is the line the map describes (an unshifted map would describe the one above).
    const lines = chunk.code.split('\n');
    const mapped = chunk.map!.mappings.split(';');
    const codeLine = lines.findIndex((l) => l.includes('console.log'));
    expect(codeLine).toBeGreaterThan(0);
    expect(mapped[codeLine]).toMatch(/[A-Za-z]/);
    for (const [i, line] of lines.entries()) if (line.startsWith('//')) expect(mapped[i] ?? '').toBe('');
  });
});
