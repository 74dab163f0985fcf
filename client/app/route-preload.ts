import type { AuthUser } from '@shared/api/auth';
import { DISCOVER_PAGE_SIZE } from '@shared/domain/limits';
import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '../api/auth';
import { leaderboardQuery } from '../api/leaderboard';
import { challengesQuery, myPactsQuery, participationsQuery } from '../api/pacts';
import { myTeamsQuery, teamsQuery } from '../api/teams';
import { userProfileQuery } from '../api/users';
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
  // The person's figures at the top of Profile, once the session is known (the rest of it is below the fold).
  '/profile': {
    page: load.profile,
    data: (c) => {
      const me = c.getQueryData<AuthUser | null>(authKeys.user);
      return me ? [c.prefetchQuery(userProfileQuery(me.id))] : [];
    },
  },
};

/** The bottom navigation's screens (features/layout/BottomNav.tsx's NAV_TABS; route-preload.test.ts keeps them equal). */
export const NAV_PATHS = ['/', '/challenges', '/leaderboard', '/profile'] as const;

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

/**
 * Once the first screen is up and its own requests are done: every other bottom-navigation screen's code and first
 * data, so a tap on the bar shows that screen at once instead of waiting for a chunk and then its data
 * (bench/screen-change.bench.mjs). Nothing is asked when the phone asks to save data; a tap then still loads the
 * screen's code and data together (use-prefetch-nav-screens.ts). Returns the paths it started.
 */
export function prefetchNavScreens(client: QueryClient, current: string): string[] {
  const phone = typeof navigator === 'undefined' ? undefined : navigator;
  if ((phone as { connection?: { saveData?: boolean } } | undefined)?.connection?.saveData) return [];
  return NAV_PATHS.filter((path) => path !== current).flatMap((path) => preloadRoute(client, path) ?? []);
}
