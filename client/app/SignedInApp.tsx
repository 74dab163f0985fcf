import type { AuthUser } from '@shared/api/auth';
import { Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { VerifyEmailBanner } from '../features/account/VerifyEmailBanner';
import { CompleteProfileDialog, needsProfile } from '../features/auth/CompleteProfileDialog';
import { isSignOutInProgress, resetSignOut } from '../features/auth/use-sign-out';
import { useLiveNotifications } from '../features/notifications/use-live-notifications';
import { CreateWizardSlot } from '../features/pacts/CreateWizardSlot';
import { ReminderHost } from '../features/reminders/ReminderHost';
import { PushResync } from '../features/settings/PushResync';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import { TooltipProvider } from '../ui/Tooltip';
import { NotFoundPage } from './NotFoundPage';
import { Splash } from './Splash';
import * as S from './screens';
import { usePrefetchNavScreens } from './use-prefetch-nav-screens';

/** A signed-in visitor of /register goes home, except mid sign-out, when /register is where they are headed. */
function RegisterRoute() {
  return isSignOutInProgress() ? <FullScreenSpinner /> : <Redirect to="/" replace />;
}

/**
 * The signed-in route set, plus /live/:challengeId, /admin for admins and /register
 * sending home. The workout-time reminder shows over every screen.
 */
export function SignedInApp({ user }: { user: AuthUser }) {
  useEffect(resetSignOut, []);
  useLiveNotifications();
  usePrefetchNavScreens();
  return (
    <TooltipProvider>
      <VerifyEmailBanner user={user} />
      {/* A screen's code loading: the page's splash (or the server's picture of this screen) while still shown. */}
      <Suspense fallback={<Splash drawn={<FullScreenSpinner />} />}>
        <Switch>
          <Route path="/">
            <S.HomePage />
          </Route>
          <Route path="/challenges">
            <S.DiscoverPage />
          </Route>
          <Route path="/teams">
            <S.TeamsPage />
          </Route>
          <Route path="/teams/:id">
            <S.TeamPage />
          </Route>
          <Route path="/teams/:id/analytics">
            <S.AnalyticsPage />
          </Route>
          <Route path="/earnings">
            <S.EarningsPage />
          </Route>
          <Route path="/messages">
            <S.MessagesPage />
          </Route>
          <Route path="/messages/:userId">
            <S.ConversationPage />
          </Route>
          <Route path="/leaderboard">
            <S.LeaderboardPage />
          </Route>
          <Route path="/profile">
            <S.ProfilePage />
          </Route>
          <Route path="/user/:userId">
            <S.UserPage />
          </Route>
          <Route path="/chat/:challengeId">
            <S.ChatPage />
          </Route>
          <Route path="/live/:challengeId">
            <S.LivePage />
          </Route>
          <Route path="/settings">
            <S.SettingsPage />
          </Route>
          <Route path="/policy">
            <S.PolicyPage />
          </Route>
          <Route path="/deletemydata">
            <S.DeleteMyDataPage />
          </Route>
          <Route path="/verify-email">
            <S.VerifyEmailPage />
          </Route>
          <Route path="/reset-password">
            <S.ResetPasswordPage />
          </Route>
          <Route path="/waitlist/confirm">
            <S.WaitlistConfirmPage />
          </Route>
          <Route path="/waitlist/leave">
            <S.WaitlistLeavePage />
          </Route>
          {/* Moderation: only admins; for everyone else the path does not exist. */}
          <Route path="/admin">{user.role === 'admin' ? <S.AdminPage /> : <NotFoundPage />}</Route>
          <Route path="/admin/waitlist">
            {user.role === 'admin' ? <S.WaitlistAdminPage /> : <NotFoundPage />}
          </Route>
          <Route path="/register" component={RegisterRoute} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <CreateWizardSlot />
      <ReminderHost />
      <PushResync />
      {needsProfile(user) ? <CompleteProfileDialog key={user.id} user={user} /> : null}
    </TooltipProvider>
  );
}
