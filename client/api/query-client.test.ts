import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys, fetchCurrentUser } from './auth';
import { api } from './client';
import { friendKeys } from './friends';
import { createQueryClient, listOrEmpty } from './query-client';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
});

describe('the query client', () => {
  it('keeps answers fresh for a minute by default, without focus refetch, polling or retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('re-checks the current user when another query answers 401', async () => {
    const client = createQueryClient();
    const authQueryFn = vi.fn().mockResolvedValue({ id: 'u1' });
    await client.fetchQuery({ queryKey: authKeys.user, queryFn: authQueryFn });
    // Keep the auth query observed so invalidation refetches it.
    const unsubscribe = new QueryObserver(client, {
      queryKey: authKeys.user,
      queryFn: authQueryFn,
    }).subscribe(() => {});
    fetchMock.mockResolvedValueOnce(new Response('Unauthorized', { status: 401 }));
    await expect(
      client.fetchQuery({ queryKey: friendKeys.list, queryFn: () => api.friends.list() }),
    ).rejects.toThrow('401: Unauthorized');
    await vi.waitFor(() => expect(authQueryFn).toHaveBeenCalledTimes(2));
    unsubscribe();
  });
});

describe('the current user', () => {
  it('is null on 401 and an error otherwise', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Unauthorized', { status: 401 }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(new Response('boom', { status: 500 }));
    await expect(fetchCurrentUser()).rejects.toThrow('500: boom');
  });
});

describe('a list query', () => {
  it('yields [] when the network fails, and logs it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(listOrEmpty(() => api.friends.list(), 'friends')).resolves.toEqual([]);
    expect(console.error).toHaveBeenCalled();
  });

  it('still fails on an answer that is not ok', async () => {
    fetchMock.mockResolvedValueOnce(new Response('nope', { status: 403 }));
    await expect(listOrEmpty(() => api.friends.list(), 'friends')).rejects.toThrow('403: nope');
  });
});
