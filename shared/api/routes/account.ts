import {
  changeEmailBody,
  changePasswordBody,
  forgotPasswordBody,
  resetPasswordBody,
  sessionIdParams,
  verifyEmailBody,
} from '../account';
import { authAnswers as a } from '../auth-answers';
import type { RouteSchemas } from '../route';

/** The auth domain's recovery and control routes (docs/AUTH.md "Recovery and control"), spread into routes/auth.ts. */
export const accountRouteSchemas = {
  sendVerification: {
    summary: "Mail a new verification link to the signed-in user's own address",
    auth: 'user',
    answers: a.sendVerification,
    errors: {
      409: 'The address is already verified.',
      429: 'Three verification mails an hour per account and per mailbox.',
    },
  },
  verifyEmail: {
    summary: 'Follow a mailed verification link (sign-up, or a change of email at the new address)',
    description: 'Works signed in or out, once per link; a used, expired or forged link answers 400.',
    auth: 'none',
    body: verifyEmailBody,
    answers: a.verifyEmail,
    errors: { 400: 'Also: the link is not valid, already used or expired.' },
  },
  forgotPassword: {
    summary: 'Ask for a password reset link (the same answer whether or not the email has an account)',
    description:
      'At most 3 reset mails an hour per mailbox and per account; past that the answer is the same and no mail ' +
      'is sent, so the answer never tells whether an account exists.',
    auth: 'none',
    body: forgotPasswordBody,
    answers: a.forgotPassword,
    errors: { 429: 'Too many reset requests from this network address; wait an hour.' },
  },
  resetPassword: {
    summary: 'Choose a new password with a mailed reset link; every session of the account ends',
    auth: 'none',
    body: resetPasswordBody,
    answers: a.resetPassword,
    errors: { 400: 'Also: the link is not valid, already used or expired; a common password.' },
  },
  changePassword: {
    summary: 'Change the password (the current one required); every other session ends',
    auth: 'user',
    body: changePasswordBody,
    answers: a.changePassword,
    errors: { 400: 'Also: the current password is wrong (nothing changes); a common password.' },
  },
  changeEmail: {
    summary: 'Ask to change the email: a link goes to the new address, a notice to the old one once changed',
    auth: 'user',
    body: changeEmailBody,
    answers: a.changeEmail,
    errors: {
      400: 'Also: the current password is wrong; the address is the current one.',
      403: 'A demo account has no email to change.',
      429: 'Three change requests an hour per account.',
    },
  },
  listSessions: {
    summary: 'The signed-in devices of the caller (browser, system, last active, this device)',
    auth: 'user',
    answers: a.listSessions,
  },
  revokeSession: {
    summary: 'Sign one device out (its socket closes at once)',
    auth: 'user',
    params: sessionIdParams,
    answers: a.revokeSession,
    errors: { 404: 'No such session of yours.' },
  },
  revokeAllSessions: {
    summary: 'Sign out everywhere, this device included',
    auth: 'user',
    answers: a.revokeAllSessions,
  },
} as const satisfies Record<string, RouteSchemas>;
