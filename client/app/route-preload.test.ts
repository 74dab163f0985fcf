import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaderboardKeys } from '../api/leaderboard';
import { teamKeys } from '../api/teams';

const calls: string[] = [];
vi.mock('../api/client', () => ({
  api: {
    leaderboard: {
      get: vi.fn(async ({ query }) => {
        calls.push(`leaderboard ${query.scope} ${query.metric}`);
        return { entries: [], me: null };
      }),
    },
    teams: {
      list: vi.fn(async () => {
        calls.push('teams');
        return [];
      }),
      mine: vi.fn(async () => {
        calls.push('my teams');
        return [{ id: 7 }];
      }),
    },
  },
}));
vi.mock('./screens', () => {
  const loaded = (name: string) => async () => {
    calls.push(`chunk ${name}`);
    return {};
  };
  return {
    load: {
      shell: loaded('shell'),
      home: loaded('home'),
      discover: loaded('discover'),
      teams: loaded('teams'),
      leaderboard: loaded('leaderboard'),
      profile: loaded('profile'),
    },
  };
});

const { preloadRoute } = await import('./route-preload');

beforeEach(() => {
  calls.length = 0;
});

describe('loading a screen ahead of its first render', () => {
  it('asks for the shell, the screen and its first data at once, under the keys the screen reads', async () => {
    const client = new QueryClient();
    expect(preloadRoute(client, '/leaderboard')).toBe('/leaderboard');
    await vi.waitFor(() =>
      expect(client.getQueryData(leaderboardKeys.board('streak', 'global'))).toBeDefined(),
    );
    expect(calls).toEqual(['chunk shell', 'chunk leaderboard', 'leaderboard global streak']);
  });

  it('fills both of Teams’ lists', async () => {
    const client = new QueryClient();
    preloadRoute(client, '/teams');
    await vi.waitFor(() => expect(client.getQueryData(teamKeys.mine)).toEqual([{ id: 7 }]));
    expect(client.getQueryData(teamKeys.list)).toEqual([]);
  });

  it('leaves other paths to their screens', () => {
    const client = new QueryClient();
    expect(preloadRoute(client, '/chat/12')).toBeNull();
    expect(preloadRoute(client, '/leaderboard/extra')).toBeNull();
    expect(calls).toEqual([]);
  });
});
