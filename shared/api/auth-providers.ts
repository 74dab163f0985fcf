import { z } from 'zod';
import { isoDate, timeZone } from './common';

/** Provider sign-in: the providers the sign-in screen offers, in its order. */
export const OAUTH_PROVIDER_IDS = ['google', 'apple', 'facebook'] as const;
export const oauthProviderId = z.enum(OAUTH_PROVIDER_IDS);
export type OAuthProviderId = z.infer<typeof oauthProviderId>;

export const oauthProviderParams = z.strictObject({ provider: oauthProviderId });

/**
 * GET /api/auth/callback/:provider, where the provider sends the browser back (POST for providers that answer
 * with a form). Every field is optional: a missing one is a failed sign-in, not a 400, since a person is looking.
 */
const callbackField = z.string().max(4096).optional();
export const oauthCallbackQuery = z.object({
  code: callbackField,
  state: callbackField,
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(1024).optional(),
  /** Apple's first sign-in only: the person's name as JSON. */
  user: z.string().max(2048).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof oauthCallbackQuery>;

/**
 * Why a provider sign-in failed, as the sign-in screen receives it (`/register?auth_error=...&provider=...`).
 * Every code shows "Authentication failed. Please try again."; `email_not_verified` adds why.
 */
export const OAUTH_FAILURES = [
  'not_configured',
  'provider_error',
  'access_denied',
  'invalid_state',
  'email_missing',
  'email_not_verified',
  'account_unavailable',
] as const;
export type OAuthFailure = (typeof OAUTH_FAILURES)[number];

/** GET /api/auth/provider-signup's answer lives with the other auth answers (zod/mini, loaded by the client). */
export { type ProviderSignup, providerSignup } from './auth-answers';

/** POST /api/auth/provider-signup: the date of birth that creates the account (same age gate as email sign-up). */
export const completeProviderSignupBody = z.strictObject({
  dateOfBirth: isoDate,
  timeZone: timeZone.optional(),
});
export type CompleteProviderSignupBody = z.infer<typeof completeProviderSignupBody>;
