import { createHash } from 'node:crypto';
import '../session/events';
import { verify } from '@node-rs/argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_TEXTS,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ResetPasswordBody,
  type VerifyEmailResponse,
} from '../../../shared/api/account';
import { queueMail } from '../../platform/email';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { cutTiesOfUnproven } from '../friends/service';
import { forgetAllDevicesOf } from '../notifications/push-service';
import { cookieHeaders, type SessionUser } from '../session/guard';
import { currentUser, findSessionUser } from '../session/sessions';
import { markEmailVerified } from '../users/service';
import { mailAllowed, tooManyMails } from './account-limits';
import { claimsOf, isDemoAddress } from './account-mail';
import * as accountRepo from './account-repo';
import { isCommonPassword } from './common-passwords';
import * as repo from './repo';
import { forwardCookies, grantConfiguredAdmin } from './service';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const BAD_LINK = () => badRequest(ACCOUNT_TEXTS.badLink);
const WRONG_PASSWORD = () => badRequest(`currentPassword: ${ACCOUNT_TEXTS.wrongPassword}`);

/** The same rules as sign-up: not a common password, not the email. */
function checkNewPassword(password: string, email: string) {
  if (isCommonPassword(password))
    throw badRequest('newPassword: is too common; choose one that is harder to guess');
  if (password.toLowerCase() === email.toLowerCase()) throw badRequest('newPassword: must not be your email');
}

/** "Resend" on the banner: a new link to the account's own address, within the hourly limit. */
export async function resendVerification(app: FastifyInstance, request: FastifyRequest, me: SessionUser) {
  if (me.isDemo) throw forbidden('A demo account has no email address to verify');
  if (me.emailVerified) throw conflict('Your email address is already verified');
  const allowed = await mailAllowed(app.ctx, 'verify', me.email, me.id);
  if (!allowed.ok) throw tooManyMails('verification emails', allowed.until);
  await app.auth.api.sendVerificationEmail({ body: { email: me.email }, headers: cookieHeaders(request) });
  return { ok: true as const, message: ACCOUNT_TEXTS.verificationSent };
}

/**
 * A followed verification link: a sign-up's address, or a new address (a change of email). Each link works once
 * (better-auth's tokens are signed, not stored, so the used ones are recorded). A proven address then gets what
 * needs one: admin rights when ADMIN_EMAILS names it.
 */
export async function verifyEmail(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<VerifyEmailResponse> {
  const { db } = app.ctx;
  const claims = claimsOf(token);
  if (!claims?.exp) throw BAD_LINK();
  const hash = sha256(token);
  if (!(await accountRepo.claimLink(db, hash, new Date(claims.exp * 1000)))) throw BAD_LINK();
  try {
    await app.auth.api.verifyEmail({ query: { token }, headers: cookieHeaders(request) });
  } catch (err) {
    await accountRepo.releaseLink(db, hash);
    if ((err as { statusCode?: number }).statusCode !== undefined) throw BAD_LINK();
    throw err;
  }
  const changed = Boolean(claims.updateTo);
  const userId = claims.userId ?? (await repo.findUserByEmail(db, claims.email))?.id;
  const user = userId ? await findSessionUser(db, userId) : undefined;
  if (!user) throw BAD_LINK();
  if (changed) {
    // The link was opened at the new address, which proves it; the old one hears of the change.
    await markEmailVerified(db, user.id);
    await queueMail(db, claims.email, 'emailChanged', { newEmail: user.email });
  }
  await afterAddressProven(app, user);
  return { email: user.email, changed };
}

/** What follows a proven address: admin rights when ADMIN_EMAILS names it; cached sessions reread the flag. */
export async function afterAddressProven(app: FastifyInstance, user: { id: string; email: string }) {
  await grantConfiguredAdmin(app, { id: user.id, email: user.email, emailVerified: true });
  await app.ctx.events.emit('user.profile_changed', { userId: user.id });
}

/**
 * "Forgot password?": the same answer whether or not an account uses the email. A reset mail goes out only to
 * an existing, usable account and within the hourly limits of the mailbox and of the account; past them nothing
 * is sent, and the answer stays the same, so it never tells whether the account exists.
 */
export async function forgotPassword(app: FastifyInstance, email: string) {
  const accepted = { ok: true as const, message: ACCOUNT_TEXTS.resetRequested };
  if (isDemoAddress(email)) return accepted;
  const found = await repo.findUserByEmail(app.ctx.db, email);
  const user = found ? await findSessionUser(app.ctx.db, found.id) : undefined;
  const allowed = await mailAllowed(app.ctx, 'reset', email, user?.id);
  if (!user || !allowed.ok || user.isDemo || user.bannedAt || user.role === 'system') return accepted;
  await app.auth.api.requestPasswordReset({ body: { email: user.email } });
  return accepted;
}

/** A new password from a mailed reset link: the link is spent, every session of the account ends. */
export async function resetPassword(app: FastifyInstance, body: ResetPasswordBody) {
  const { db, events } = app.ctx;
  const userId = await accountRepo.resetLinkUser(db, body.token);
  const user = userId ? await findSessionUser(db, userId) : undefined;
  if (!user) throw BAD_LINK();
  checkNewPassword(body.newPassword, user.email);
  try {
    await app.auth.api.resetPassword({ body: { token: body.token, newPassword: body.newPassword } });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== undefined) throw BAD_LINK();
    throw err;
  }
  await accountRepo.deleteResetLinksOf(db, user.id);
  await events.emit('session.revoked', { userId: user.id });
  if (!user.emailVerified) await claimUnprovenAccount(app, user);
  await queueMail(db, user.email, 'passwordChanged', { how: 'reset' });
  return { ok: true as const };
}

/**
 * A reset link opened for a never-verified account proves the mailbox, but maybe not that its owner made the
 * account: someone may have signed up with another person's address first (docs/AUTH.md, "Recovery"). What that
 * someone could have tied to the account so as to reach its owner later goes: friendships and friend requests
 * (a friend would read the owner's friends-only Pacts) and push devices. The address is verified from here on.
 */
async function claimUnprovenAccount(app: FastifyInstance, user: { id: string; email: string }) {
  const { db, events } = app.ctx;
  const formerFriends = await db.transaction(async (tx) => {
    const friends = await cutTiesOfUnproven(tx, user.id);
    await forgetAllDevicesOf(tx, user.id);
    await markEmailVerified(tx, user.id);
    return friends;
  });
  for (const id of [user.id, ...formerFriends]) await events.emit('access.changed', { userId: id });
  await afterAddressProven(app, user);
}

/** Settings: a new password, the current one required; every other session ends (this one gets a new token). */
export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  me: SessionUser,
  body: ChangePasswordBody,
) {
  const { db, events } = app.ctx;
  if (me.isDemo) throw forbidden('A demo account has no password to change');
  const hash = await accountRepo.passwordHashOf(db, me.id);
  if (!hash) throw badRequest(NO_PASSWORD);
  if (!(await verify(hash, body.currentPassword))) throw WRONG_PASSWORD();
  checkNewPassword(body.newPassword, me.email);
  const before = await accountRepo.sessionsOf(db, me.id);
  const result = await app.auth.api.changePassword({
    body: { currentPassword: body.currentPassword, newPassword: body.newPassword, revokeOtherSessions: true },
    headers: cookieHeaders(request),
    returnHeaders: true,
  });
  forwardCookies(result.headers, reply);
  for (const s of before) await events.emit('session.revoked', { userId: me.id, sessionId: s.id });
  await queueMail(db, me.email, 'passwordChanged', { how: 'changed' });
  return currentUser(app, me.id);
}

const NO_PASSWORD =
  'currentPassword: your account has no password yet; choose one with "Forgot password?" on the sign-in screen';

/** Settings: a link to the new address; the email changes when it is opened (verifyEmail), the old one is told. */
export async function changeEmail(
  app: FastifyInstance,
  request: FastifyRequest,
  me: SessionUser,
  body: ChangeEmailBody,
) {
  const { db } = app.ctx;
  if (me.isDemo) throw forbidden('A demo account has no email address to change');
  if (body.newEmail === me.email.toLowerCase()) throw badRequest('newEmail: is already your email');
  if (isDemoAddress(body.newEmail)) throw badRequest('newEmail: must be a valid email address');
  const hash = await accountRepo.passwordHashOf(db, me.id);
  if (!hash) throw badRequest(NO_PASSWORD);
  if (!(await verify(hash, body.currentPassword))) throw WRONG_PASSWORD();
  const allowed = await mailAllowed(app.ctx, 'change-email', body.newEmail, me.id);
  if (!allowed.ok) throw tooManyMails('confirmation emails', allowed.until);
  try {
    // An address another account uses gets nothing, and the answer is the same (better-auth's own rule).
    await app.auth.api.changeEmail({ body: { newEmail: body.newEmail }, headers: cookieHeaders(request) });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 400) throw badRequest('newEmail: cannot be used');
    throw err;
  }
  return { ok: true as const, message: ACCOUNT_TEXTS.changeEmailSent };
}
