import type { FastifyInstance } from 'fastify';
import { analyzeJob } from '../db/maintenance';
import { registerJobs } from '../platform/jobs';
import { activityRoutes } from './activity/routes';
import { type Auth, createAuth } from './auth/better-auth';
import { authRoutes } from './auth/routes';
import { seedBuiltins } from './builtin/seed';
import { chatRoutes } from './chat/routes';
import { demoPurgeJob } from './demo/service';
import { friendsRoutes } from './friends/routes';
import { leaderboardRoutes } from './leaderboard/routes';
import { mediaRoutes } from './media/routes';
import { notificationsRoutes } from './notifications/routes';
import { participationCompletionJob } from './pacts/jobs';
import { pactsRoutes } from './pacts/routes';
import { privacyRoutes } from './privacy/routes';
import { progressPlugin } from './progress/plugin';
import { proofsRoutes } from './proofs/routes';
import { proofAutoApproveJob } from './proofs/service';
import { safetyRoutes } from './safety/routes';
import { settingsRoutes } from './settings/routes';
import { trainerModule } from './trainer/plugin';
import { calendarRoutes } from './users/calendar-routes';
import { profileRoutes } from './users/profile-routes';
import { usersRoutes } from './users/routes';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

/** Every domain's routes, registered in one place (one line each). */
export async function registerModules(app: FastifyInstance) {
  app.decorate('auth', createAuth(app.ctx));
  await seedBuiltins(app.ctx);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(settingsRoutes);
  await app.register(privacyRoutes);
  await app.register(pactsRoutes);
  await app.register(friendsRoutes);
  await app.register(usersRoutes);
  await app.register(progressPlugin);
  await app.register(leaderboardRoutes);
  await app.register(safetyRoutes);
  await app.register(notificationsRoutes);
  await app.register(activityRoutes);
  await app.register(calendarRoutes);
  await app.register(mediaRoutes);
  await app.register(chatRoutes);
  await app.register(proofsRoutes);
  await app.register(trainerModule);
  registerJobs(app, [
    participationCompletionJob(app.ctx),
    demoPurgeJob(app.ctx),
    proofAutoApproveJob(app.ctx),
    ...analyzeJob(app.ctx),
  ]);
}
