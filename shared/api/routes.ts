import type { Domain } from './paths';
import type { Route } from './route';
import { activityRoutes } from './routes/activity';
import { authRoutes } from './routes/auth';
import { chatRoutes } from './routes/chat';
import { coachingRoutes } from './routes/coaching';
import { friendsRoutes } from './routes/friends';
import { leaderboardRoutes } from './routes/leaderboard';
import { mediaRoutes } from './routes/media';
import { messagesRoutes } from './routes/messages';
import { notificationsRoutes } from './routes/notifications';
import { pactsRoutes } from './routes/pacts';
import { platformRoutes } from './routes/platform';
import { privacyRoutes } from './routes/privacy';
import { proofsRoutes } from './routes/proofs';
import { safetyRoutes } from './routes/safety';
import { settingsRoutes } from './routes/settings';
import { stripeRoutes } from './routes/stripe';
import { billingRoutes, teamsRoutes } from './routes/teams';
import { usersRoutes } from './routes/users';
import { waitlistRoutes } from './routes/waitlist';

/**
 * The route table: every HTTP route of the server by domain and name, with its method, path, kind, schemas,
 * answers and errors. `paths.ts` says where each route lives; `routes/<domain>.ts` what it takes and answers.
 */
export const routes = {
  platform: platformRoutes,
  auth: authRoutes,
  users: usersRoutes,
  settings: settingsRoutes,
  privacy: privacyRoutes,
  pacts: pactsRoutes,
  friends: friendsRoutes,
  leaderboard: leaderboardRoutes,
  safety: safetyRoutes,
  notifications: notificationsRoutes,
  activity: activityRoutes,
  media: mediaRoutes,
  chat: chatRoutes,
  proofs: proofsRoutes,
  teams: teamsRoutes,
  billing: billingRoutes,
  stripe: stripeRoutes,
  messages: messagesRoutes,
  coaching: coachingRoutes,
  waitlist: waitlistRoutes,
} as const satisfies Record<Domain, Record<string, Route>>;

export type Routes = typeof routes;

/** Every route of the table, in one list. */
export function allRoutes(): Route[] {
  return Object.values(routes).flatMap((domain) => Object.values(domain) as Route[]);
}
