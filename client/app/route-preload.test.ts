import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../api/auth';
import { leaderboardKeys } from '../api/leaderboard';
import { teamKeys } from '../api/teams';
import { userKeys } from '../api/users';

const calls: string[] = [];
vi.mock('../api/client', () => ({
  api: {
    leaderboard: {
      get: vi.fn(async ({ query }) => {
        calls.push(`leaderboard ${query.scope} ${query.metric}`);
        return { entries: [], me: null };
      }),
    },
    pacts: {
      list: vi.fn(async ({ query }) => {
        calls.push(`pacts ${query.filter ?? ''}`);
        return { items: [], nextCursor: null };
      }),
      participations: vi.fn(async () => {
        calls.push('participations');
        return [];
      }),
    },
    users: {
      get: vi.fn(async ({ params }) => {
        calls.push(`profile ${params.id}`);
        return { id: params.id };
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

const { preloadRoute, prefetchNavScreens, NAV_PATHS } = await import('./route-preload');
const { NAV_TABS } = await import('../features/layout/BottomNav');

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

describe("the bottom navigation's other screens, ahead of a tap", () => {
  it("are the bar's tabs", () => {
    expect(NAV_TABS.map((tab) => tab.href)).toEqual([...NAV_PATHS]);
  });

  it("loads each other screen's code and first data, the Profile's figures once the session is known", async () => {
    const client = new QueryClient();
    client.setQueryData(authKeys.user, { id: 'me-1' });
    expect(prefetchNavScreens(client, '/')).toEqual(['/challenges', '/leaderboard', '/profile']);
    await vi.waitFor(() => expect(client.getQueryData(userKeys.profile('me-1'))).toEqual({ id: 'me-1' }));
    await vi.waitFor(() =>
      expect(client.getQueryData(leaderboardKeys.board('streak', 'global'))).toBeDefined(),
    );
    expect(calls).toEqual(
      expect.arrayContaining(['chunk discover', 'chunk leaderboard', 'chunk profile', 'profile me-1']),
    );
    // Not the screen in front, which has its own.
    expect(calls).not.toContain('chunk home');
  });

  it('asks for nothing when the phone asks to save data', () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    try {
      expect(prefetchNavScreens(new QueryClient(), '/')).toEqual([]);
      expect(calls).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
