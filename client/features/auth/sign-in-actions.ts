import type { SignUpBody } from '@shared/api/auth';
import { DEMO_RELOAD_DELAY_MS } from '@shared/domain/limits';
import { signInWithEmail, signUp as signUpCall } from '../../api/auth';
import { browserTimeZone } from '../../lib/time-zone';

/** After a successful sign-in the user is refetched, then the page reloads after 0.3 s. */
export const RELOAD_AFTER_SIGN_IN_MS = DEMO_RELOAD_DELAY_MS;

export function reloadSoon(): void {
  setTimeout(() => window.location.reload(), RELOAD_AFTER_SIGN_IN_MS);
}

/**
 * The demo credentials come from the shared contract, loaded on click: that module carries zod, which the sign-in
 * screen does not otherwise need (it keeps the first download small).
 */
export async function signInAsDemo() {
  const { DEMO_CREDENTIALS } = await import('@shared/api/auth');
  return signInWithEmail({ ...DEMO_CREDENTIALS, timeZone: browserTimeZone() });
}

export const signUp = (body: Omit<SignUpBody, 'timeZone'>) =>
  signUpCall({ ...body, timeZone: browserTimeZone() });
