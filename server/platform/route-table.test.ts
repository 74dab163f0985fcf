import fs from 'node:fs';
import path from 'node:path';
import { sample } from 'openapi-sampler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedErrors, methodsOf, type Route } from '../../shared/api/route';
import { allRoutes } from '../../shared/api/routes';
import { createTestApp, type TestApp } from '../test/app';
import { ORIGIN, type SignedIn, signUp } from '../test/factories';

/**
 * The route table is the server's one list of routes: each is registered, documented with every error it can
 * answer, and a request built only from the OpenAPI document passes the server's validation.
 */

type Operation = {
  parameters?: {
    in: 'path' | 'query';
    name: string;
    required?: boolean;
    schema: object;
    example?: unknown;
    description?: string;
  }[];
  requestBody?: {
    content: Record<
      string,
      { schema: object; example?: unknown; examples?: Record<string, { value: unknown }> }
    >;
  };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Schema = { type?: string; properties?: Record<string, unknown>; required?: string[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let alice: SignedIn;
let doc: Document;

const openApiPath = (p: string) => p.replace(/:([A-Za-z]+)/g, '{$1}');
const operationOf = (def: Route, method: string) =>
  doc.paths[openApiPath(def.path)]?.[method.toLowerCase()] as Operation | undefined;
const documented = allRoutes().filter((def) => !def.hidden);

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, { firstName: 'Alice' });
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
});
afterAll(() => t.close());

describe('the route table', () => {
  it('names each route once, and the server registers every one of them', () => {
    const seen = new Set<string>();
    for (const def of allRoutes()) {
      for (const method of methodsOf(def)) {
        const key = `${method} ${def.path}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
        expect(t.app.hasRoute({ method, url: def.path }), key).toBe(true);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(55);
  });

  it('is the only way routes are registered (no app.get/post/route outside the table helper)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const source = fs.readFileSync(file, 'utf8');
          if (/\bapp\.(get|head|post|put|patch|delete|route)\(/.test(source)) offenders.push(file);
        }
      }
    };
    walk(path.resolve(import.meta.dirname, '..'));
    // The /ws gateway registers the socket upgrade itself, at the table's path (WS_PATH); app.ts serves the page
    // itself at `/` (not an API route: it answers index.html to any client, compressed or not).
    const allowed = [
      path.join('platform', 'http-route.ts'),
      path.join('realtime', 'gateway.ts'),
      path.join('server', 'app.ts'),
    ];
    expect(offenders.filter((f) => !allowed.some((a) => f.endsWith(a)))).toEqual([]);
  });

  it('documents every error status of every route with the shared error shape', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const def of documented) {
      for (const method of methodsOf(def)) {
        const op = operationOf(def, method);
        expect(op, `${method} ${def.path}`).toBeDefined();
        const errors = Object.keys(documentedErrors(def));
        expect(errors.length, `${method} ${def.path} has no documented error`).toBeGreaterThan(0);
        for (const status of errors) {
          const response = op!.responses[status];
          expect(response, `${method} ${def.path} ${status}`).toBeDefined();
          const schema = response!.content?.['application/json']?.schema;
          expect(schema?.required, `${method} ${def.path} ${status}`).toEqual(
            expect.arrayContaining(['error', 'message']),
          );
        }
        if (def.kind === 'json') {
          expect(
            Object.keys(op!.responses).some((s) => s.startsWith('2')),
            `${def.path} answers`,
          ).toBe(true);
        }
      }
    }
  });

  it('states the constraints the server enforces', () => {
    const bodyOf = (p: string, m: string) =>
      doc.paths[p]?.[m]?.requestBody?.content['application/json']?.schema as Record<string, unknown>;
    expect(bodyOf('/api/challenges/{id}', 'patch').minProperties).toBe(1);
    expect(bodyOf('/api/user/settings', 'patch').minProperties).toBe(1);
    expect(bodyOf('/api/user/profile', 'patch').minProperties).toBe(1);
    const id = doc.paths['/api/challenges/{id}']?.get?.parameters?.find((p) => p.name === 'id');
    expect(id?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    const messages = doc.paths['/api/challenges/{id}/messages']?.get?.parameters ?? [];
    expect(messages.find((p) => p.name === 'before')?.schema).toMatchObject({
      maximum: Number.MAX_SAFE_INTEGER,
    });
    const cursor = doc.paths['/api/challenges']?.get?.parameters?.find((p) => p.name === 'cursor');
    expect(cursor).toMatchObject({
      schema: { pattern: expect.any(String) },
      description: expect.stringMatching(/Opaque/),
    });
    const title = (bodyOf('/api/challenges', 'post').properties as Record<string, { description?: string }>)
      .title;
    expect(title?.description).toMatch(/invisible/);
  });
});

describe('a request built from the OpenAPI document', () => {
  /** Path, query and body of one operation, sampled from its documented schemas. */
  function requestFrom(def: Route, op: Operation, skipNonRequired: boolean) {
    let url = openApiPath(def.path);
    const query = new URLSearchParams();
    for (const p of op.parameters ?? []) {
      if (p.in === 'query' && skipNonRequired && !p.required) continue;
      // Parameters documented as exclusive ("Not with `after`"): only the first of the pair is sent.
      const exclusive = /Not with `(\w+)`/.exec(p.description ?? '')?.[1];
      if (exclusive && query.has(exclusive)) continue;
      const value = String(p.example ?? sample(p.schema as never, { skipNonRequired }));
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
      else query.set(p.name, value);
    }
    const media = op.requestBody?.content['application/json'];
    const bodySchema = media?.schema as { minProperties?: number } | undefined;
    // A documented example wins (what a generated client shows first), else one sampled from the schema.
    const documentedExample = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
    let body =
      documentedExample ?? (bodySchema ? sample(bodySchema as never, { skipNonRequired }) : undefined);
    // With only the required fields, a body that must change something has to take the optional ones too.
    if (body && Object.keys(body).length < (bodySchema?.minProperties ?? 0)) {
      body = sample(bodySchema as never, {});
    }
    return { url: query.size ? `${url}?${query}` : url, body };
  }

  // Signing out last, so every other call still has a session.
  const ordered = documented.toSorted((a, b) => Number(a.name === 'signOut') - Number(b.name === 'signOut'));

  for (const skipNonRequired of [true, false]) {
    it(`passes validation on every route (${skipNonRequired ? 'required fields only' : 'every field'})`, async () => {
      for (const def of ordered) {
        for (const method of methodsOf(def)) {
          const { url, body } = requestFrom(def, operationOf(def, method)!, skipNonRequired);
          const res = await t.app.inject({
            method,
            url,
            headers: { ...alice.headers, origin: ORIGIN },
            ...(body === undefined ? {} : { payload: body as object }),
          });
          const answer = String(res.headers['content-type']).includes('json') ? res.json() : null;
          expect(answer?.error, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).not.toBe(
            'validation',
          );
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
          const op = operationOf(def, method)!;
          expect(Object.keys(op.responses), `${method} ${url} answered ${res.statusCode}`).toContain(
            String(res.statusCode),
          );
        }
      }
    });
  }

  it('is refused with 401 without a session exactly where the table says a user is needed', async () => {
    for (const def of documented) {
      for (const method of methodsOf(def)) {
        const { url, body } = requestFrom(def, operationOf(def, method)!, true);
        const res = await t.app.inject({
          method,
          url,
          headers: { origin: ORIGIN },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        // Sign-in answers 401 to wrong credentials: its own documented meaning, not a missing session.
        if (def.auth !== 'user' && def.errors?.[401]) continue;
        expect(res.statusCode === 401, `${method} ${url}: ${res.statusCode}`).toBe(def.auth === 'user');
      }
    }
  });
});
