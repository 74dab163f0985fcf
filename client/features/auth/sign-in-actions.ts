import type { SignInBody, SignUpBody } from '@shared/api/auth';
import { apiRequest } from '../../lib/api';

/** SPEC 4: after a successful sign-in the user is refetched, then the page reloads after 0.3 s. */
export const RELOAD_AFTER_SIGN_IN_MS = 300;

export function reloadSoon(): void {
  setTimeout(() => window.location.reload(), RELOAD_AFTER_SIGN_IN_MS);
}

export const signInWithEmail = (body: SignInBody) => apiRequest('POST', '/api/auth/email', body);

/**
 * The demo credentials come from the shared contract, loaded on click: that module carries zod, which the sign-in
 * screen does not otherwise need (it keeps the first download small).
 */
export async function signInAsDemo(): Promise<Response> {
  const { DEMO_CREDENTIALS } = await import('@shared/api/auth');
  return signInWithEmail({ ...DEMO_CREDENTIALS, timeZone: browserTimeZone() });
}

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export const signUp = (body: Omit<SignUpBody, 'timeZone'>) =>
  apiRequest('POST', '/api/auth/signup', { ...body, timeZone: browserTimeZone() });
