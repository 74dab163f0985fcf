import { signInBody, signUpBody } from '../auth';
import { authAnswers } from '../auth-answers';
import { completeProviderSignupBody, oauthCallbackQuery, oauthProviderParams } from '../auth-providers';
import { defineRoutes } from '../route';
import { accountRouteSchemas } from './account';

/** Accounts and sessions (docs/ARCHITECTURE.md "Accounts", docs/RULES.md "Accounts"). */
export const authRoutes = defineRoutes('auth', {
  signIn: {
    summary: 'Sign in with email and password (the demo credentials start a fresh Try Demo sandbox)',
    auth: 'none',
    body: signInBody,
    answers: authAnswers.signIn,
    errors: {
      401: 'Wrong email or password.',
      429: 'Too many attempts for this email from this address; wait 15 minutes.',
    },
  },
  signUp: {
    summary: 'Create an account and sign in',
    auth: 'none',
    body: signUpBody,
    answers: authAnswers.signUp,
    errors: {
      400: 'Also: younger than the minimum age, an implausible date of birth, a common password.',
      409: 'An account with this email exists.',
      429: 'Too many sign-ups from this address; wait an hour.',
    },
  },
  currentUser: {
    summary: 'The signed-in user (401 means signed out)',
    auth: 'user',
    answers: authAnswers.currentUser,
  },
  session: {
    summary: 'The signed-in user, or null when signed out (200 either way)',
    description:
      'What the app asks on its first load: a signed-out visitor gets { user: null } rather than a 401, so the ' +
      'browser logs no failed request on the sign-in screen.',
    auth: 'optional',
    answers: authAnswers.session,
  },
  signOut: {
    summary: 'End this session (also answers ok without one)',
    auth: 'none',
    answers: authAnswers.signOut,
  },
  providers: {
    summary: 'Which provider sign-in buttons are enabled (the providers configured on the server)',
    auth: 'none',
    answers: authAnswers.providers,
  },
  providerStart: {
    summary:
      'Start provider sign-in: redirects to the provider (authorization code with PKCE and a one-time state)',
    description:
      'The browser navigates here. An unconfigured provider redirects back to /register with auth_error.',
    auth: 'none',
    params: oauthProviderParams,
    errors: { 429: 'Too many sign-in starts from this address; wait 15 minutes.' },
  },
  providerCallback: {
    summary:
      "The provider's answer: signs in, or redirects to the date-of-birth step or to /register on failure",
    description:
      'Every failure (provider error, denied consent, wrong or reused state, unverified email) redirects to ' +
      '/register?auth_error=<code>&provider=<id>; a malformed answer is a failure too, never a 400.',
    auth: 'none',
    params: oauthProviderParams,
    query: oauthCallbackQuery,
    errors: { 429: 'Too many callbacks from this address; wait 15 minutes.' },
  },
  providerFormCallback: {
    summary: "A provider's answer posted as a form (Apple): redirected to the GET callback",
    auth: 'none',
    params: oauthProviderParams,
    hidden: true,
    errors: { 429: 'Too many callbacks from this address; wait 15 minutes.' },
  },
  pendingProviderSignup: {
    summary: 'The provider identity waiting for its date of birth before the account exists',
    auth: 'none',
    answers: authAnswers.pendingProviderSignup,
    errors: { 410: 'No provider sign-up is waiting in this browser (none, expired or already finished).' },
  },
  completeProviderSignup: {
    summary: 'Give the date of birth that creates the provider account (the same age gate as email sign-up)',
    auth: 'none',
    body: completeProviderSignupBody,
    answers: authAnswers.completeProviderSignup,
    errors: {
      400: 'Also: younger than the minimum age (the waiting identity is then deleted).',
      410: 'No provider sign-up is waiting in this browser (none, expired or already finished).',
      409: 'The email got an account meanwhile.',
      429: 'Too many sign-ups from this address; wait an hour.',
    },
  },
  cancelProviderSignup: {
    summary: 'Drop the provider identity waiting in this browser',
    auth: 'none',
    answers: authAnswers.cancelProviderSignup,
  },
  ...accountRouteSchemas,
});
