import type { AppContext } from '../../context';
import { queueMail } from '../../platform/email';
import { countMail } from './account-limits';

/** Try Demo accounts live at this made-up domain: nothing is ever mailed there. */
export const DEMO_EMAIL_DOMAIN = 'demo.sweatpact.local';
export const isDemoAddress = (email: string) => email.toLowerCase().endsWith(`@${DEMO_EMAIL_DOMAIN}`);

/** The claims of a verification token (a JWT better-auth signed); read only after better-auth checked it. */
export interface VerificationClaims {
  email: string;
  updateTo?: string;
  userId?: string;
  requestType?: string;
  exp?: number;
}

export function claimsOf(token: string): VerificationClaims | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof claims?.email === 'string' ? (claims as VerificationClaims) : null;
  } catch {
    return null;
  }
}

/** The links in mails open pages of the app, which post the token: a mail scanner's GET consumes nothing. */
export const verifyLink = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
export const resetLink = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * better-auth's `sendVerificationEmail`: at sign-up, on "Resend", and for a change of email (then `user.email` is
 * the new address and the token says so). Queued as a job: the request does not wait on SMTP.
 */
export async function sendVerificationMail(
  ctx: AppContext,
  data: { user: { id: string; email: string }; token: string },
) {
  if (isDemoAddress(data.user.email)) return;
  const change = claimsOf(data.token)?.requestType === 'change-email-verification';
  await countMail(ctx, change ? 'change-email' : 'verify', data.user.email, data.user.id);
  await queueMail(ctx.db, data.user.email, change ? 'confirmNewEmail' : 'verifyEmail', {
    link: verifyLink(ctx, data.token),
  });
}

/** better-auth's `sendResetPassword`: only for an existing account (forgot-password decides the rest). */
export async function sendResetMail(
  ctx: AppContext,
  data: { user: { id: string; email: string }; token: string },
) {
  await countMail(ctx, 'reset', data.user.email, data.user.id);
  await queueMail(ctx.db, data.user.email, 'resetPassword', { link: resetLink(ctx, data.token) });
}
