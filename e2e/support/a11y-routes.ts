/**
 * Every route of the client router and the concrete path the accessibility journey (e2e/a11y.spec.ts) visits for
 * it. `client/app/a11y-routes.test.ts` compares these lists with the router's <Route path> lines, so a route added
 * without an accessibility visit fails the unit tests. `*` is the catch-all (404 signed in, sign-in signed out).
 * No imports: the unit project loads this file as it is.
 */

/** Ids a visit fills into a route's params (`:userId`, `:challengeId`, ...). */
export interface VisitIds {
  userId: string;
  challengeId: number;
  teamId: number;
}

export const SIGNED_IN_ROUTES = [
  '/',
  '/challenges',
  '/teams',
  '/teams/:id',
  '/teams/:id/analytics',
  '/earnings',
  '/messages',
  '/messages/:userId',
  '/leaderboard',
  '/profile',
  '/user/:userId',
  '/chat/:challengeId',
  '/live/:challengeId',
  '/settings',
  '/policy',
  '/deletemydata',
  '/verify-email',
  '/reset-password',
  '/waitlist/confirm',
  '/waitlist/leave',
  '/admin',
  '/admin/waitlist',
  '/register',
  '*',
] as const;

export const SIGNED_OUT_ROUTES = [
  '/policy',
  '/deletemydata',
  '/verify-email',
  '/reset-password',
  '/waitlist/confirm',
  '/waitlist/leave',
  '*',
] as const;

/** The path a visit of `route` opens: params filled from `ids`; the catch-all is an unknown path. */
export function visitPath(route: string, ids: VisitIds): string {
  if (route === '*') return '/no-such-page-a11y';
  return route.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'userId') return encodeURIComponent(ids.userId);
    if (name === 'challengeId') return String(ids.challengeId);
    if (name === 'id' || name === 'teamId') return String(ids.teamId);
    throw new Error(`a11y-routes: no id for :${name} in ${route}`);
  });
}
