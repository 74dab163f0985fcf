import { count, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../shared/api/paths';
import { methodsOf, type Route } from '../../shared/api/route';
import { allRoutes } from '../../shared/api/routes';
import * as schema from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import type { SignedIn } from '../test/factories';
import { ADMIN_EMAIL, buildMatrixFixture, type MatrixFixture } from './authorization-fixture';

/**
 * No input answers 500 (issue 9, item 5): every JSON route gets hostile values in each path parameter, each query
 * field and each body field (huge and negative numbers, NUL, invisible-only and 20 KB texts, impossible dates,
 * wrong types, missing and extra fields, a body that is not JSON), signed in as a participant and as the creator
 * of the fixture's Pact, so the checks past authentication run too. Every answer must be a 4xx, and a route whose
 * answers were all 4xx must leave every table as it was.
 */

const HUGE_TEXT = 'x'.repeat(20_000);
const PATH_VALUES = [
  '2147483648',
  '9223372036854775808',
  '-1',
  '0',
  '1.5',
  'abc',
  '%00',
  '%E2%80%8B',
  '1e3',
  HUGE_TEXT,
];
const QUERY_VALUES = [
  '0000-01',
  '9999-99',
  '-1',
  '99999999999999999999',
  '%00',
  '%E2%80%8B',
  'true',
  HUGE_TEXT,
];
const BODY_VALUES: unknown[] = [
  null,
  [],
  {},
  true,
  2 ** 31,
  2 ** 63,
  -1,
  1.5,
  '\u0000',
  '\u200b\u200d\ufeff',
  HUGE_TEXT,
  '0000-01-01',
];

let t: TestApp;
let fx: MatrixFixture;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, DISABLE_RATE_LIMIT: true });
  fx = await buildMatrixFixture(t.app);
});
afterAll(() => t?.close());

/** The keys of a zod object schema (query or body), or none. */
function keysOf(zodSchema: unknown): string[] {
  const shape = (zodSchema as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def
    ?.shape;
  return shape ? Object.keys(shape) : [];
}

/** A valid-looking path for the route, with the fixture's ids (the cases then spoil one part at a time). */
function validParams(route: Route): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of route.path.match(/:(\w+)/g) ?? []) {
    const key = name.slice(1);
    params[key] = key === 'userId' ? fx.who.creator.user.id : key === 'provider' ? 'google' : String(fx.pact);
  }
  return params;
}

interface Case {
  label: string;
  url: string;
  payload?: string;
}

function casesFor(route: Route): Case[] {
  const params = validParams(route);
  const base = fillPath(route.path, params);
  const cases: Case[] = [];
  for (const name of Object.keys(params)) {
    for (const value of PATH_VALUES) {
      cases.push({
        label: `:${name}=${value.slice(0, 24)}`,
        url: route.path.replace(`:${name}`, value).replace(/:(\w+)/g, (_m, k) => params[k]!),
      });
    }
  }
  for (const key of keysOf(route.query)) {
    for (const value of QUERY_VALUES) {
      cases.push({ label: `?${key}=${value.slice(0, 24)}`, url: `${base}?${key}=${value}` });
    }
  }
  const bodyKeys = keysOf(route.body);
  if (route.body) {
    for (const key of bodyKeys) {
      for (const value of BODY_VALUES) {
        cases.push({
          label: `body.${key}=${JSON.stringify(value)?.slice(0, 24)}`,
          url: base,
          payload: JSON.stringify({ [key]: value }),
        });
      }
    }
    cases.push({ label: 'body: extra field only', url: base, payload: JSON.stringify({ notAField: 1 }) });
    cases.push({ label: 'body: not JSON', url: base, payload: '{"unterminated' });
    cases.push({ label: 'body: an array', url: base, payload: '[1,2,3]' });
    cases.push({ label: 'body: a string', url: base, payload: '"hello"' });
  }
  return cases;
}

const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[getTableName(table)] = (await t.database.db.select({ n: count() }).from(table))[0]!.n;
  }
  return counts;
}

const jsonRoutes = allRoutes().filter((r) => r.kind === 'json');

describe('no 500 on any input', () => {
  it('covers every JSON route', () => {
    expect(jsonRoutes.length).toBeGreaterThan(40);
  });

  for (const asWhom of ['participant', 'creator'] as const) {
    it(`answers 4xx and changes nothing, as the ${asWhom}`, async () => {
      const who: SignedIn = fx.who[asWhom];
      const failures: string[] = [];
      let asked = 0;
      for (const route of jsonRoutes) {
        for (const method of methodsOf(route)) {
          const cases = casesFor(route);
          if (cases.length === 0) continue;
          const before = await rowCounts();
          let allRefused = true;
          for (const c of cases) {
            asked += 1;
            const res = await t.app.inject({
              method,
              url: c.url,
              headers: {
                ...who.headers,
                ...(c.payload === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(c.payload === undefined ? {} : { payload: c.payload }),
            });
            if (res.statusCode >= 500)
              failures.push(
                `${method} ${route.path} ${c.label}: ${res.statusCode} ${res.body.slice(0, 100)}`,
              );
            if (res.statusCode < 400) allRefused = false;
          }
          if (allRefused) {
            const after = await rowCounts();
            const changed = Object.keys(before).filter((k) => before[k] !== after[k] && k !== 'sessions');
            if (changed.length > 0)
              failures.push(`${method} ${route.path}: refused every case but changed ${changed.join(', ')}`);
          }
        }
      }
      expect(failures).toEqual([]);
      // Hundreds of hostile requests were really sent (a schema the generator cannot read would shrink this).
      expect(asked).toBeGreaterThan(600);
    }, 300_000);
  }
});
