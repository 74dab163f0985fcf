import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts';

const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script and skips scripts loaded from a file and data blocks', () => {
    const inline = "\n  document.documentElement.classList.add('dark');\n";
    const html = `<head><script>${inline}</script><script type="module" crossorigin src="/assets/a.js"></script></head><script type="application/json" id="d">{"a":1}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha(inline)]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/x.js"></script>')).toEqual([]);
  });
});
