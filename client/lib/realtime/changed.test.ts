import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../../api/auth';
import { friendKeys } from '../../api/friends';
import { leaderboardKeys } from '../../api/leaderboard';
import { pactKeys, participationKeys } from '../../api/pacts';
import { calendarKeys } from '../../api/users';
import { changedQueryKeys, refreshChanged } from './changed';

describe('changed frames', () => {
  it('refresh exactly the queries of their topics', async () => {
    const client = new QueryClient();
    const keys = [
      authKeys.user,
      calendarKeys.month('2026-03'),
      leaderboardKeys.board('streak', 'global'),
      participationKeys.mine,
      pactKeys.participants(7),
      pactKeys.detail(7),
      friendKeys.list,
    ];
    for (const key of keys) client.setQueryData(key, { any: 1 });
    await refreshChanged(client, ['progress']);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
    expect(keys.map(stale)).toEqual([true, true, false, false, false, false, false]);
    await refreshChanged(client, ['participations', 'leaderboard']);
    expect(keys.map(stale)).toEqual([true, true, true, true, true, false, false]);
  });

  it('lists each key once', () => {
    const keys = changedQueryKeys(['progress', 'leaderboard', 'participations']).map((k) =>
      JSON.stringify(k),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
