import { describe, expect, it } from 'vitest';
import { createClientIndex } from './client-index';

const html = '<html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>';
const manifest = {
  'main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_ui.js': { file: 'assets/ui.js', imports: ['_react.js'] },
  'app/SignedInApp.tsx': { file: 'assets/SignedInApp.js', imports: ['_ui.js', '_react.js'] },
  'features/pacts/HomePage.tsx': { file: 'assets/HomePage.js', imports: ['_ui.js'] },
};
const preloads = (page: string) =>
  [...page.matchAll(/modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('the app page', () => {
  const indexFor = createClientIndex(html, manifest);

  it('is the plain page without a session cookie', () => {
    expect(indexFor('/', undefined)).toBe(html);
    expect(indexFor('/', 'theme=dark; other=1')).toBe(html);
  });

  it('preloads the signed-in shell and the screen of the path, not what the page already loads', () => {
    const cookie = 'a=1; sweatpact.session_token=abc.def';
    expect(preloads(indexFor('/', cookie))).toEqual([
      '/assets/SignedInApp.js',
      '/assets/ui.js',
      '/assets/HomePage.js',
    ]);
    expect(preloads(indexFor('/challenges?x=1', cookie))).toEqual([
      '/assets/SignedInApp.js',
      '/assets/ui.js',
    ]);
    expect(preloads(indexFor('/', '__Secure-sweatpact.session_token=x'))).toHaveLength(3);
  });

  it('is the plain page when the build has no manifest', () => {
    expect(createClientIndex(html, null)('/', 'sweatpact.session_token=x')).toBe(html);
  });
});
