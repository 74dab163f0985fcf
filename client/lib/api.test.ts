import type { QueryFunctionContext } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  createQueryClient,
  emptyResultFor,
  errorMessage,
  errorStatus,
  getQueryFn,
  queryKeyToPath,
} from './api';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

function context(queryKey: readonly unknown[]): QueryFunctionContext {
  return {
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
  } as unknown as QueryFunctionContext;
}

describe('apiRequest', () => {
  it('sends credentials always and a JSON content type only with a body', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/logout');
    await apiRequest('PATCH', '/api/user/settings', { analytics: true });
    const [first, second] = fetchMock.mock.calls;
    expect(first?.[1]).toMatchObject({ method: 'POST', credentials: 'include', headers: {} });
    expect(first?.[1]?.body).toBeUndefined();
    expect(second?.[1]).toMatchObject({
      method: 'PATCH',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"analytics":true}',
    });
  });

  it('raises "STATUS: text" for a non-ok answer, falling back to the status text', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"error":"bad_request","message":"Too young"}', { status: 400 }),
    );
    await expect(apiRequest('POST', '/api/auth/signup', {})).rejects.toThrow(
      '400: {"error":"bad_request","message":"Too young"}',
    );
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('default query function', () => {
  const throwing = getQueryFn<unknown>({ on401: 'throw' });
  const nulling = getQueryFn<unknown>({ on401: 'returnNull' });

  it('GETs the joined query key with credentials', async () => {
    fetchMock.mockResolvedValue(new Response('{"id":"u1"}', { status: 200 }));
    await expect(throwing(context(['/api/users', 'u1']))).resolves.toEqual({ id: 'u1' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/u1');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('yields [] for list paths and {} otherwise when the network fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    for (const path of ['/api/challenges', '/api/teams', '/api/user/friends', '/api/user/participations']) {
      await expect(throwing(context([path]))).resolves.toEqual([]);
    }
    await expect(throwing(context(['/api/users/u1']))).resolves.toEqual({});
    expect(console.error).toHaveBeenCalled();
  });

  it('yields the same fallbacks for empty and null bodies', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(throwing(context(['/api/user/teams']))).resolves.toEqual([]);
    fetchMock.mockResolvedValueOnce(new Response('null', { status: 200 }));
    await expect(throwing(context(['/api/leaderboard/me']))).resolves.toEqual({});
  });

  it('throws on 401 by default and yields null when asked to', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Unauthorized', { status: 401 }));
    await expect(throwing(context(['/api/user/friends']))).rejects.toThrow('401: Unauthorized');
    fetchMock.mockResolvedValueOnce(new Response('Unauthorized', { status: 401 }));
    await expect(nulling(context(['/api/auth/user']))).resolves.toBeNull();
  });

  it('still throws other errors for the current-user query', async () => {
    fetchMock.mockResolvedValueOnce(new Response('boom', { status: 500 }));
    await expect(nulling(context(['/api/auth/user']))).rejects.toThrow('500: boom');
  });
});

describe('helpers', () => {
  it('joins keys into paths with an optional query string', () => {
    expect(queryKeyToPath(['/api/challenges', 7, 'participants'])).toBe('/api/challenges/7/participants');
    expect(queryKeyToPath(['/api/leaderboard', { scope: 'friends', skip: undefined }])).toBe(
      '/api/leaderboard?scope=friends',
    );
    expect(queryKeyToPath(['/api/users/', 'x'])).toBe('/api/users/x');
  });

  it('chooses list fallbacks by path', () => {
    expect(emptyResultFor('/api/challenges/live')).toEqual([]);
    expect(emptyResultFor('/api/auth/user')).toEqual({});
  });

  it('reads the human message of a server error', () => {
    expect(errorMessage(new Error('400: {"error":"bad_request","message":"You must be 13 or older"}'))).toBe(
      'You must be 13 or older',
    );
    expect(errorMessage(new Error('429: Too many attempts'))).toBe('Too many attempts');
    expect(errorMessage(new Error('502: <html>bad gateway</html>'), 'fallback')).toBe('fallback');
    expect(errorMessage('nope', 'fallback')).toBe('fallback');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorStatus(new Error('404: {}'))).toBe(404);
    expect(errorStatus(new Error('offline'))).toBeNull();
  });

  it('configures queries never stale, without focus refetch, polling or retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});

describe('session end', () => {
  it('re-checks the current user when another query answers 401', async () => {
    const client = createQueryClient();
    const authQueryFn = vi.fn().mockResolvedValue({ user: { id: 'u1' } });
    await client.fetchQuery({ queryKey: ['/api/auth/user'], queryFn: authQueryFn });
    expect(authQueryFn).toHaveBeenCalledTimes(1);
    // Keep the auth query observed so invalidation refetches it.
    const { QueryObserver } = await import('@tanstack/react-query');
    const unsubscribe = new QueryObserver(client, {
      queryKey: ['/api/auth/user'],
      queryFn: authQueryFn,
    }).subscribe(() => {});
    fetchMock.mockResolvedValueOnce(new Response('Unauthorized', { status: 401 }));
    await expect(client.fetchQuery({ queryKey: ['/api/user/friends'] })).rejects.toThrow('401');
    await vi.waitFor(() => expect(authQueryFn).toHaveBeenCalledTimes(2));
    unsubscribe();
  });
});
