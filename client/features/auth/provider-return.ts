import type { OAuthFailure, OAuthProviderId } from '@shared/api/auth-providers';

/**
 * Where a provider sign-in sent the browser back to the sign-in screen: the date-of-birth step of a new account,
 * or a failure. Read from the address once; a failure is then taken out of it, so a reload does not repeat it.
 */
export type ProviderReturn =
  | { kind: 'birthdate' }
  | { kind: 'failed'; reason: OAuthFailure | string; provider: OAuthProviderId | null }
  | null;

export const PROVIDER_NAMES: Record<OAuthProviderId, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
};

export function readProviderReturn(location: Location = window.location): ProviderReturn {
  const params = new URLSearchParams(location.search);
  if (params.get('step') === 'birthdate') return { kind: 'birthdate' };
  const reason = params.get('auth_error');
  if (!reason) return null;
  const provider = params.get('provider');
  window.history.replaceState(window.history.state, '', location.pathname);
  return {
    kind: 'failed',
    reason,
    provider: provider && provider in PROVIDER_NAMES ? (provider as OAuthProviderId) : null,
  };
}

/** The second line under "Authentication failed. Please try again.", for the failures a person can act on. */
export function failureHint(reason: string, provider: OAuthProviderId | null): string | null {
  const name = provider ? PROVIDER_NAMES[provider] : 'The provider';
  if (reason === 'email_not_verified') {
    return `${name} has not verified this email address, and a SweatPact account already uses it. Sign in with your email and password instead.`;
  }
  if (reason === 'email_missing') return `${name} did not share an email address, which SweatPact needs.`;
  return null;
}
