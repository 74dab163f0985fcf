import { DISCOVER_PAGE_SIZE } from '@shared/domain/limits';
import type { QueryClient } from '@tanstack/react-query';
import { leaderboardQuery } from '../api/leaderboard';
import { challengesQuery, myPactsQuery, participationsQuery } from '../api/pacts';
import { myTeamsQuery, teamsQuery } from '../api/teams';
import { load } from './screens';

/**
 * A direct load of a bottom-navigation screen by someone signed in on this device before: the signed-in shell, the
 * screen's chunk and the screen's first data are all asked for at once, beside the session check, instead of one
 * after another once each step has rendered (session -> shell -> screen -> its query). The answers land in the
 * query cache under the keys the screen's own queries use, so the screen renders with them. Nothing is asked for a
 * visitor who was never signed in here (main.tsx loads this file only with the hint of signed-in-hint.ts), and a
 * wrong hint costs one refused request per query.
 */
type Screen = { page: () => Promise<unknown>; data: (client: QueryClient) => Promise<unknown>[] };

export const SCREENS: Record<string, Screen> = {
  '/': {
    page: load.home,
    data: (c) => [c.prefetchQuery(myPactsQuery(1)), c.prefetchQuery(participationsQuery())],
  },
  '/challenges': {
    page: load.discover,
    data: (c) => [
      c.prefetchInfiniteQuery(challengesQuery('all', DISCOVER_PAGE_SIZE)),
      c.prefetchQuery(teamsQuery()),
    ],
  },
  '/leaderboard': {
    page: load.leaderboard,
    data: (c) => [c.prefetchQuery(leaderboardQuery('streak', 'global'))],
  },
  '/teams': {
    page: load.teams,
    data: (c) => [c.prefetchQuery(myTeamsQuery()), c.prefetchQuery(teamsQuery())],
  },
  '/profile': { page: load.profile, data: () => [] },
};

/** Starts loading the screen at `pathname` (see above); returns which screen it started, or null. */
export function preloadRoute(client: QueryClient, pathname: string): string | null {
  const screen = SCREENS[pathname];
  if (!screen) return null;
  // A failed chunk load is retried by the screen's own lazy import; a failed query by the screen's own query.
  void load.shell().catch(() => {});
  void screen.page().catch(() => {});
  void Promise.all(screen.data(client));
  return pathname;
}
