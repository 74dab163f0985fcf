import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { analyzeJob } from '../db/maintenance';
import { registerJobs } from '../platform/jobs';
import { activityRoutes } from './activity/routes';
import { type Auth, createAuth } from './auth/better-auth';
import { authRoutes } from './auth/routes';
import { followLedgerRows } from './billing/service';
import { seedBuiltins } from './builtin/seed';
import { registerChatListeners } from './chat/listeners';
import { chatRoutes } from './chat/routes';
import { analyticsDaysJob } from './coaching/daily';
import { onLedgerRow } from './coaching/ledger-days';
import { registerCoachingListeners } from './coaching/listeners';
import { coachingRoutes } from './coaching/routes';
import { demoPurgeJob } from './demo/service';
import { declinedRequestPurgeJob } from './friends/jobs';
import { friendsRoutes } from './friends/routes';
import { leaderboardRoutes } from './leaderboard/routes';
import { setAttachmentRules } from './media/policy';
import { mediaRoutes } from './media/routes';
import { registerMembershipsListeners } from './memberships/listeners';
import { billingSweepJob } from './memberships/renewals';
import { membershipsRoutes } from './memberships/routes';
import { endTestBilling } from './memberships/test-billing-end';
import { registerMessagesListeners } from './messages/listeners';
import { messagesRoutes } from './messages/routes';
import { moderationRoutes } from './moderation/routes';
import { registerNotificationListeners } from './notifications/listeners';
import { pushRemindersJob } from './notifications/push-reminders';
import { notificationsRoutes } from './notifications/routes';
import { tutorialVisibleTo } from './pacts/policy';
import { pactsRoutes } from './pacts/routes';
import { privacyRoutes } from './privacy/routes';
import { registerProgressListeners } from './progress/listeners';
import { progressJob } from './progress/service';
import { proofFileVisibleTo } from './proofs/policy';
import { proofsRoutes } from './proofs/routes';
import { proofAutoApproveJob } from './proofs/service';
import { safetyRoutes } from './safety/routes';
import { screensRoutes } from './screens/routes';
import { settingsRoutes } from './settings/routes';
import { stripeRoutes } from './stripe/routes';
import { teamImageInUse } from './teams/policy';
import { teamsRoutes } from './teams/routes';
import { registerTrainerListeners } from './trainer/listeners';
import { calendarRoutes } from './users/calendar-routes';
import { avatarInUse } from './users/policy';
import { profileRoutes } from './users/profile-routes';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

/**
 * The rows every database holds (the AI trainer and its Pacts), written once the database is migrated, and what a
 * start must settle before the API answers (test-mode subscriptions on a server that left test billing).
 */
export async function seedModules(ctx: AppContext) {
  await seedBuiltins(ctx);
  await endTestBilling(ctx);
}

/**
 * Every domain's listeners, routes and jobs, registered in one place (one line each); none of them queries the
 * database while registering (the start registers them while the database migrates). Listeners run in the order
 * registered here: the chat's first, so a room hears of a write before other side effects (progress, notifications,
 * the trainer's answer) run.
 */
export async function registerModules(app: FastifyInstance) {
  // Who may play a stored file besides its owner: the rule of what it is attached to (media/policy.ts).
  setAttachmentRules({
    tutorial: tutorialVisibleTo,
    proof: proofFileVisibleTo,
    thumbnail: proofFileVisibleTo,
    team_image: teamImageInUse,
    avatar: avatarInUse,
  });
  // The coach's daily summary keeps each ledger row's money in the row's transaction (billing/service.ts).
  followLedgerRows(onLedgerRow);
  app.decorate('auth', createAuth(app.ctx));
  registerChatListeners(app.ctx);
  registerProgressListeners(app.ctx);
  registerNotificationListeners(app.ctx);
  registerMessagesListeners(app.ctx);
  registerTrainerListeners(app.ctx);
  registerMembershipsListeners(app.ctx);
  registerCoachingListeners(app.ctx);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(settingsRoutes);
  await app.register(privacyRoutes);
  await app.register(pactsRoutes);
  await app.register(friendsRoutes);
  await app.register(screensRoutes);
  await app.register(leaderboardRoutes);
  await app.register(safetyRoutes);
  await app.register(moderationRoutes);
  await app.register(notificationsRoutes);
  await app.register(activityRoutes);
  await app.register(calendarRoutes);
  await app.register(mediaRoutes);
  await app.register(chatRoutes);
  await app.register(proofsRoutes);
  await app.register(stripeRoutes);
  await app.register(teamsRoutes);
  await app.register(membershipsRoutes);
  await app.register(messagesRoutes);
  await app.register(coachingRoutes);
  registerJobs(app, [
    demoPurgeJob(app.ctx),
    declinedRequestPurgeJob(app.ctx),
    proofAutoApproveJob(app.ctx),
    progressJob(app.ctx),
    pushRemindersJob(app.ctx),
    billingSweepJob(app.ctx),
    analyticsDaysJob(app.ctx),
    ...analyzeJob(app.ctx),
  ]);
}
