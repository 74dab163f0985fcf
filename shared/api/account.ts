import { z } from 'zod';
import { email, PASSWORD_MAX, PASSWORD_MIN } from './auth';
import { stringId } from './ids';

export type { DeviceSession, VerifyEmailResponse } from './auth-answers';

/**
 * Recovering and controlling an account (docs/AUTH.md "Recovery and control"): email verification, forgotten
 * passwords, a change of password or email, and the list of signed-in devices.
 */

/** Mailed links carry a token: a JWT (verification) or 24 random characters (reset); nothing else fits. */
const token = z
  .string()
  .min(16, 'is not a valid link')
  .max(2048, 'is not a valid link')
  .regex(/^[A-Za-z0-9._-]+$/, 'is not a valid link');

const newPassword = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

const currentPassword = z.string().min(1, 'is required').max(PASSWORD_MAX);

/** POST /api/auth/verify-email: the token of the mailed link. */
export const verifyEmailBody = z.strictObject({ token });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** POST /api/auth/forgot-password */
export const forgotPasswordBody = z.strictObject({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /api/auth/reset-password: the mailed link's token and the new password. */
export const resetPasswordBody = z.strictObject({ token, newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /api/auth/change-password */
export const changePasswordBody = z.strictObject({ currentPassword, newPassword });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/auth/change-email: the new address gets the confirmation link; the password proves it is you. */
export const changeEmailBody = z.strictObject({ newEmail: email, currentPassword });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

export const sessionIdParams = z.strictObject({ id: stringId('session') });

/** The texts a person reads (docs/AUTH.md). */
export const ACCOUNT_TEXTS = {
  verifyFirst: 'Verify your email address first',
  resetRequested:
    'If an account uses this email, we sent it a link to choose a new password. The link works once, for 30 minutes.',
  verificationSent: 'We sent a new verification link. It works for 24 hours.',
  changeEmailSent:
    'We sent a confirmation link to your new address. Your email changes when you open it (within 24 hours).',
  wrongPassword: 'Your current password is not correct',
  badLink: 'This link is not valid or has expired. Ask for a new one.',
} as const;
