import { paths } from '@shared/api/paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, urlOf } from './client';
import { ApiError, errorMessage, errorStatus } from './errors';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const settings = { workoutNotifications: true, analytics: false, marketing: false };

describe('the api object', () => {
  it('has a call for every JSON route of the table, and none for the others', () => {
    for (const [domain, routes] of Object.entries(paths)) {
      for (const [name, where] of Object.entries(routes)) {
        const calls = api[domain as keyof typeof api] as Record<string, unknown>;
        expect(typeof calls[name], `${domain}.${name}`).toBe(
          where.kind === 'json' ? 'function' : 'undefined',
        );
      }
    }
  });

  it('sends the cookie always and JSON only with a body', async () => {
    fetchMock.mockResolvedValueOnce(json({ ok: true }));
    await api.auth.signOut();
    fetchMock.mockResolvedValueOnce(json(settings));
    await api.settings.update({ body: { analytics: false } });
    const [first, second] = fetchMock.mock.calls;
    expect(first?.[0]).toBe('/api/auth/logout');
    expect(first?.[1]).toMatchObject({ method: 'POST', credentials: 'include', headers: {} });
    expect(first?.[1]?.body).toBeUndefined();
    expect(second?.[0]).toBe('/api/user/settings');
    expect(second?.[1]).toMatchObject({
      method: 'PATCH',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"analytics":false}',
    });
  });

  it('builds paths from parameters (encoded) and a query of the defined values', () => {
    expect(urlOf(paths.pacts.participants, { params: { id: 7 } })).toBe('/api/challenges/7/participants');
    expect(urlOf(paths.users.get, { params: { id: 'a b/c' } })).toBe('/api/users/a%20b%2Fc');
    expect(urlOf(paths.pacts.list, { query: { filter: 'mine', cursor: undefined, limit: 5 } })).toBe(
      '/api/challenges?filter=mine&limit=5',
    );
  });

  it('answers the validated answer', async () => {
    fetchMock.mockResolvedValueOnce(json({ ...settings, extra: 'dropped' }));
    await expect(api.settings.get()).resolves.toEqual(settings);
  });

  it('refuses an answer that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json({ analytics: 'yes' }));
    const failure = await api.settings.get().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(console.error).toHaveBeenCalled();
  });

  it('raises one ApiError "STATUS: text", the status text when the body is empty', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"error":"bad_request","message":"Too young"}', { status: 400 }),
    );
    const refused = await api.auth
      .signUp({ body: { email: 'a@b.co', password: 'x'.repeat(8), dateOfBirth: '2020-01-01' } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('400: {"error":"bad_request","message":"Too young"}');
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).body).toEqual({ error: 'bad_request', message: 'Too young' });
    expect(errorMessage(refused)).toBe('Too young');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(api.settings.get()).rejects.toThrow('503: Service Unavailable');
  });

  it('lets a network failure through as fetch raised it', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.pacts.live()).rejects.toBeInstanceOf(TypeError);
  });
});

describe('error helpers', () => {
  it('read the human message of an error', () => {
    expect(errorMessage(new ApiError(429, 'Too many attempts'))).toBe('Too many attempts');
    expect(errorMessage(new ApiError(502, '<html>bad gateway</html>'), 'fallback')).toBe('fallback');
    expect(errorMessage(new ApiError(500, ''), 'fallback')).toBe('fallback');
    expect(errorMessage('nope', 'fallback')).toBe('fallback');
    // A network failure, in each browser's words, reads the same plain sentence; another TypeError is shown as is.
    for (const words of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'])
      expect(errorMessage(new TypeError(words))).toBe('No connection. Check your network and try again.');
    expect(errorMessage(new TypeError('x is not a function'))).toBe('x is not a function');
    expect(errorStatus(new ApiError(404, '{}'))).toBe(404);
    expect(errorStatus(new Error('offline'))).toBeNull();
  });
});

describe('answer schemas', () => {
  it('are found for every JSON route of the table (the client validates every answer)', async () => {
    const { answerSchemas } = await import('./schemas');
    for (const [domain, routes] of Object.entries(paths)) {
      for (const [name, where] of Object.entries(routes)) {
        if (where.kind !== 'json') continue;
        const { answers } = await answerSchemas(domain as keyof typeof paths, name);
        expect(Object.keys(answers).length, `${domain}.${name} has no answer schema`).toBeGreaterThan(0);
      }
    }
  });
});
