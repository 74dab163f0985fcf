/**
 * The screens the server draws into the page (app/first-paint.tsx), each with its module as screens.ts `load`
 * imports it: the server lists that module's chunks, with the signed-in shell's and route-preload's, in the drawn
 * page, so they all load at once instead of wave after wave as each chunk names its imports
 * (server/platform/first-paint.ts). Not Profile: its calendar groups workouts by the phone's own days, which the
 * server cannot know before the page runs. first-paint-screens.test.ts keeps the modules equal to screens.ts's.
 */
export const firstPaintModules: Record<string, string> = {
  '/': 'features/pacts/HomePage.tsx',
  '/challenges': 'features/discover/DiscoverPage.tsx',
  '/leaderboard': 'features/leaderboard/LeaderboardPage.tsx',
  '/teams': 'features/teams/TeamsPage.tsx',
};

/** What every drawn screen needs besides its own module: the loader that starts it and the signed-in shell. */
export const firstPaintShellModules = ['app/route-preload.ts', 'app/SignedInApp.tsx'];
