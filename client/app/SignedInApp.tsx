import type { AuthUser } from '@shared/api/auth';
import { Suspense, useEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { CompleteProfileDialog, needsProfile } from '../features/auth/CompleteProfileDialog';
import { isSignOutInProgress, resetSignOut } from '../features/auth/use-sign-out';
import { CreateWizardHost } from '../features/pacts/CreateWizardHost';
import { TooltipProvider } from '../ui/Tooltip';
import { FullScreenSpinner } from './layout/FullScreenSpinner';
import { NotFoundPage } from './NotFoundPage';
import * as S from './screens';

/** A signed-in visitor of /register goes home, except mid sign-out, when /register is where they are headed. */
function RegisterRoute() {
  return isSignOutInProgress() ? <FullScreenSpinner /> : <Redirect to="/" replace />;
}

/** The signed-in route set of SPEC 2, plus /live/:challengeId (DECISIONS 10) and /register sending home. */
export function SignedInApp({ user }: { user: AuthUser }) {
  useEffect(resetSignOut, []);
  return (
    <TooltipProvider>
      <Suspense fallback={<FullScreenSpinner />}>
        <Switch>
          <Route path="/" component={S.HomePage} />
          <Route path="/challenges" component={S.DiscoverPage} />
          <Route path="/teams" component={S.TeamsPage} />
          <Route path="/leaderboard" component={S.LeaderboardPage} />
          <Route path="/profile" component={S.ProfilePage} />
          <Route path="/user/:userId" component={S.UserPage} />
          <Route path="/chat/:challengeId" component={S.ChatPage} />
          <Route path="/live/:challengeId" component={S.LivePage} />
          <Route path="/settings" component={S.SettingsPage} />
          <Route path="/policy" component={S.PolicyPage} />
          <Route path="/deletemydata" component={S.DeleteMyDataPage} />
          <Route path="/register" component={RegisterRoute} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <CreateWizardHost />
      {needsProfile(user) ? <CompleteProfileDialog key={user.id} user={user} /> : null}
    </TooltipProvider>
  );
}
