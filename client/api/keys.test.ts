import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authKeys } from './auth';
import { friendKeys } from './friends';
import { leaderboardKeys } from './leaderboard';
import { invalidatePactQueries, pactKeys, participationKeys } from './pacts';
import { userKeys } from './users';

describe('query keys', () => {
  it('start with their resource, so a resource invalidates as one', () => {
    expect(pactKeys.detail(7)).toEqual(['pacts', 'detail', 7]);
    expect(pactKeys.pages('friends', 20).slice(0, 3)).toEqual([...pactKeys.list('friends')]);
    expect(pactKeys.firstPage('mine', 5).slice(0, 3)).toEqual([...pactKeys.list('mine')]);
    expect(participationKeys.ofUser('u1')[0]).toBe('participations');
  });

  it('a Pact write invalidates Pacts, participations and profiles, and nothing else', async () => {
    const client = new QueryClient();
    const touched = [
      pactKeys.detail(7),
      pactKeys.pages('all', 20),
      pactKeys.liked,
      participationKeys.mine,
      participationKeys.ofUser('u2'),
      userKeys.profile('u2'),
    ];
    const untouched = [friendKeys.list, authKeys.user, leaderboardKeys.board('streak', 'global')];
    for (const key of [...touched, ...untouched]) client.setQueryData(key, {});
    await invalidatePactQueries(client);
    for (const key of touched) expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    for (const key of untouched) expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(false);
  });
});
