import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES, visitPath } from '../../e2e/support/a11y-routes';

/**
 * The accessibility journey (e2e/a11y.spec.ts) visits every route of the router at 320 px in both themes. Its list
 * lives in e2e/support/a11y-routes.ts; this test reads the router's <Route> lines and fails when a route has no
 * visit (or a visit names a route that no longer exists).
 */
function routesOf(file: string): string[] {
  const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
  return [...source.matchAll(/<Route\b([^>]*)>/g)].map((m) => /\bpath="([^"]+)"/.exec(m[1]!)?.[1] ?? '*');
}

const sorted = (list: readonly string[]) => [...list].sort();

describe('every client route has an accessibility visit', () => {
  it('signed in', () => {
    expect(sorted(SIGNED_IN_ROUTES)).toEqual(sorted(routesOf('SignedInApp.tsx')));
  });

  it('signed out', () => {
    expect(sorted(SIGNED_OUT_ROUTES)).toEqual(sorted(routesOf('SignedOutApp.tsx')));
  });

  it('every visit fills its params', () => {
    const ids = { userId: 'u_1', challengeId: 7, teamId: 3 };
    for (const route of [...SIGNED_IN_ROUTES, ...SIGNED_OUT_ROUTES]) {
      expect(visitPath(route, ids)).not.toMatch(/:/);
    }
  });
});
