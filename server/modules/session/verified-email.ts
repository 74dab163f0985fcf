import { ACCOUNT_TEXTS } from '../../../shared/api/account';
import { AppError } from '../../platform/errors';

/**
 * What needs a proven address (DECISIONS 11, docs/AUTH.md): admin rights from ADMIN_EMAILS, linking a provider
 * sign-in to an existing account, starting a team trial or subscription, and the Pro Creator waitlist. A Try Demo
 * account never counts as verified.
 */
export function hasVerifiedEmail(user: { emailVerified: boolean; isDemo: boolean }): boolean {
  return user.emailVerified && !user.isDemo;
}

/** Refuses with 403 "Verify your email address first" unless the user's address is proven. */
export function requireVerifiedEmail(user: { emailVerified: boolean; isDemo: boolean }): void {
  if (!hasVerifiedEmail(user)) throw new AppError(403, ACCOUNT_TEXTS.verifyFirst, 'email_not_verified');
}
