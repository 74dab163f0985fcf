import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeyToPath } from '../../lib/api';
import { invalidatePactQueries, pactKeys } from './queries';

describe('pactKeys', () => {
  it('are API paths the default query function can GET', () => {
    expect(queryKeyToPath(pactKeys.detail(7))).toBe('/api/challenges/7');
    expect(queryKeyToPath(pactKeys.participants(7))).toBe('/api/challenges/7/participants');
    expect(queryKeyToPath(pactKeys.live)).toBe('/api/challenges/live');
    expect(queryKeyToPath([...pactKeys.list('mine'), { limit: 1 }])).toBe(
      '/api/challenges?filter=mine&limit=1',
    );
    expect(queryKeyToPath(pactKeys.userParticipations('u 1'))).toBe('/api/user/participations/u 1');
    expect(queryKeyToPath(pactKeys.liked)).toBe('/api/user/likes');
  });
});

describe('invalidatePactQueries', () => {
  it('marks every Pact-dependent query stale and leaves the rest alone', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const touched = [
      [...pactKeys.list('all'), { limit: 20 }],
      [...pactKeys.list('mine'), { limit: 1 }],
      pactKeys.detail(3),
      pactKeys.participants(3),
      pactKeys.live,
      pactKeys.participations,
      pactKeys.userParticipations('u2'),
      pactKeys.liked,
      ['/api/users', 'u2'],
    ];
    const untouched = [pactKeys.friends, ['/api/auth/user'], ['/api/leaderboard']];
    for (const key of [...touched, ...untouched]) client.setQueryData(key, { some: 'data' });
    await invalidatePactQueries(client);
    for (const key of touched)
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of untouched)
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
  });
});
