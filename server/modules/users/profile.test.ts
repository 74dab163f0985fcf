import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';

describe('PATCH /api/user/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('completes the profile of the caller only', async () => {
    const a = await signUp(t.app, { firstName: undefined, lastName: undefined });
    const b = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: a.headers,
      payload: { firstName: '  Ana ', lastName: 'Lima', timeZone: 'America/Sao_Paulo' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: a.user.id,
      firstName: 'Ana',
      lastName: 'Lima',
      timeZone: 'America/Sao_Paulo',
    });
    const other = await t.app.inject({ url: '/api/auth/user', headers: b.headers });
    expect(other.json().user.firstName).toBe(b.user.firstName);
  });

  it('refuses blank names, unknown time zones and signed-out callers', async () => {
    const a = await signUp(t.app);
    const blank = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: a.headers,
      payload: { firstName: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/firstName/);
    const tz = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: a.headers,
      payload: { timeZone: 'Mars/Olympus' },
    });
    expect(tz.statusCode).toBe(400);
    expect(tz.json().message).toMatch(/timeZone/);
    const anon = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { origin: a.headers.origin },
      payload: { firstName: 'X' },
    });
    expect(anon.statusCode).toBe(401);
  });
});
