import type { Domain } from '@shared/api/paths';
import type { AnswerStatus, Route } from '@shared/api/route';
import type { $ZodType } from 'zod/v4/core';

/**
 * The answer schemas of each domain, loaded on first use, so a screen downloads only the domains it calls and the
 * sign-in screen's first download holds no zod at all. The auth domain loads its answers alone (zod/mini, a few
 * KB: shared/api/auth-answers.ts); the others load their route table (shared/api/routes/<domain>.ts), where the
 * answers sit beside the inputs. One line per domain; the type makes a domain without a loader fail to compile.
 */
type Answers = Record<string, { answers?: Partial<Record<AnswerStatus, $ZodType>> }>;

const answersOf = (routes: Record<string, Route>): Answers => routes;

const loaders: Record<Domain, () => Promise<Answers>> = {
  auth: () =>
    import('@shared/api/auth-answers').then((m) =>
      Object.fromEntries(Object.entries(m.authAnswers).map(([name, answers]) => [name, { answers }])),
    ),
  platform: () => import('@shared/api/routes/platform').then((m) => answersOf(m.platformRoutes)),
  users: () => import('@shared/api/routes/users').then((m) => answersOf(m.usersRoutes)),
  settings: () => import('@shared/api/routes/settings').then((m) => answersOf(m.settingsRoutes)),
  privacy: () => import('@shared/api/routes/privacy').then((m) => answersOf(m.privacyRoutes)),
  pacts: () => import('@shared/api/routes/pacts').then((m) => answersOf(m.pactsRoutes)),
  friends: () => import('@shared/api/routes/friends').then((m) => answersOf(m.friendsRoutes)),
  leaderboard: () => import('@shared/api/routes/leaderboard').then((m) => answersOf(m.leaderboardRoutes)),
  safety: () => import('@shared/api/routes/safety').then((m) => answersOf(m.safetyRoutes)),
  notifications: () =>
    import('@shared/api/routes/notifications').then((m) => answersOf(m.notificationsRoutes)),
  activity: () => import('@shared/api/routes/activity').then((m) => answersOf(m.activityRoutes)),
  media: () => import('@shared/api/routes/media').then((m) => answersOf(m.mediaRoutes)),
  chat: () => import('@shared/api/routes/chat').then((m) => answersOf(m.chatRoutes)),
  proofs: () => import('@shared/api/routes/proofs').then((m) => answersOf(m.proofsRoutes)),
  teams: () => import('@shared/api/routes/teams').then((m) => answersOf(m.teamsRoutes)),
  billing: () => import('@shared/api/routes/teams').then((m) => answersOf(m.billingRoutes)),
  stripe: () => import('@shared/api/routes/stripe').then((m) => answersOf(m.stripeRoutes)),
  messages: () => import('@shared/api/routes/messages').then((m) => answersOf(m.messagesRoutes)),
  coaching: () => import('@shared/api/routes/coaching').then((m) => answersOf(m.coachingRoutes)),
  waitlist: () => import('@shared/api/routes/waitlist').then((m) => answersOf(m.waitlistRoutes)),
};

const loaded = new Map<Domain, Promise<Answers>>();

/** The answer schemas of one route, with zod's parser (loaded with them). */
export async function answerSchemas(domain: Domain, name: string) {
  let table = loaded.get(domain);
  if (!table) {
    table = loaders[domain]();
    loaded.set(domain, table);
    // A failed chunk load (offline) may be retried on the next call.
    table.catch(() => loaded.delete(domain));
  }
  const [routes, { safeParse }] = await Promise.all([table, import('./parse')]);
  const route = routes[name];
  if (!route) throw new Error(`No route ${domain}.${name} in the table`);
  return { answers: route.answers ?? {}, safeParse };
}
