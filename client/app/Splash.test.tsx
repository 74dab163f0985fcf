import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Splash } from './Splash';

describe('the splash written into index.html', () => {
  it('is exactly what the Splash component renders, so the hand-over to React changes nothing on screen', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'index.html'), 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<Splash />));
  });
});
