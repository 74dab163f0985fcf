import type { AuthUser } from '@shared/api/auth';
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { CompleteProfileDialog, needsProfile } from '../features/auth/CompleteProfileDialog';
import { CreateWizardHost } from '../features/pacts/CreateWizardHost';
import { TooltipProvider } from '../ui/Tooltip';
import { FullScreenSpinner } from './layout/FullScreenSpinner';
import { NotFoundPage } from './NotFoundPage';
import * as S from './screens';

/** The signed-in route set of SPEC 2, plus /live/:challengeId (DECISIONS 10) and /register sending home. */
export function SignedInApp({ user }: { user: AuthUser }) {
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
          <Route path="/register">
            <Redirect to="/" replace />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <CreateWizardHost />
      {needsProfile(user) ? <CompleteProfileDialog key={user.id} user={user} /> : null}
    </TooltipProvider>
  );
}
