import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { SignInPage } from '../features/auth/SignInPage';
import { FullScreenSpinner } from '../ui/FullScreenSpinner';
import {
  DeleteMyDataPage,
  PolicyPage,
  ResetPasswordPage,
  VerifyEmailPage,
  WaitlistConfirmPage,
  WaitlistLeavePage,
} from './screens';

/**
 * Signed-out visitors get /policy, /deletemydata, the mailed links' pages, and the sign-in screen on every other path.
 */
export function SignedOutApp() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Switch>
        <Route path="/policy" component={PolicyPage} />
        <Route path="/deletemydata" component={DeleteMyDataPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/waitlist/confirm" component={WaitlistConfirmPage} />
        <Route path="/waitlist/leave" component={WaitlistLeavePage} />
        <Route component={SignInPage} />
      </Switch>
    </Suspense>
  );
}
