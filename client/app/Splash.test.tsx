import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Splash, SplashScreen } from './Splash';

describe('the splash written into index.html', () => {
  it('is exactly what the SplashScreen component renders, so the hand-over to React changes nothing on screen', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'index.html'), 'utf8');
    const splash = /<div id="splash">([\s\S]*?)<\/div>\s*<div id="root"><\/div>/.exec(html)?.[1];
    expect(splash).toBe(renderToStaticMarkup(<SplashScreen />));
  });
});

describe('Splash away from the page splash', () => {
  it('draws the brand screen, or the loading screen its caller gives (the signed-in shell’s screen fallback)', () => {
    // No page here (as after the first screen removed index.html's splash): nothing to keep, so it draws.
    expect(renderToStaticMarkup(<Splash />)).toBe(renderToStaticMarkup(<SplashScreen />));
    expect(renderToStaticMarkup(<Splash drawn={<p>loading the screen</p>} />)).toBe(
      '<p>loading the screen</p>',
    );
  });
});
