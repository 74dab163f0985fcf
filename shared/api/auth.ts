import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../domain/limits';
import {
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  usernameProblem,
  usernameProblemText,
} from '../domain/username';
import { atLeastOneField, isoDate, timeZone } from './common';
import { stringId } from './ids';
import { freeText, text } from './text';

/** A chosen username: trimmed, lower case, the shape of shared/domain/username.ts, no reserved word. */
export const username = z
  .string()
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN_LENGTH, usernameProblemText('too_short'))
  .max(USERNAME_MAX_LENGTH, usernameProblemText('too_long'))
  .regex(USERNAME_PATTERN, usernameProblemText('characters'))
  .refine((name) => usernameProblem(name) !== 'reserved', usernameProblemText('reserved'));

/** The fixed credentials the Try Demo button posts; the server answers them with a fresh sandbox. */
export const DEMO_CREDENTIALS = { email: 'demo@sweatpact.app', password: 'try-the-demo' } as const;

export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
export const PASSWORD_MAX = PASSWORD_MAX_LENGTH;

export const email = z
  .email('must be a valid email address')
  .max(EMAIL_MAX_LENGTH)
  .toLowerCase()
  .meta({ examples: ['someone@example.com'] });

/**
 * POST /api/auth/email: sign in with email and password (or the demo credentials). Passwords are secrets: taken
 * exactly as typed (not trimmed or normalised like texts), only their length is checked.
 */
export const signInBody = z.strictObject({
  email,
  password: z.string().min(1, 'is required').max(PASSWORD_MAX),
  /** The browser's zone: a fresh demo sandbox lives in it. Ignored for existing accounts (Settings changes it). */
  timeZone: timeZone.optional(),
});
export type SignInBody = z.infer<typeof signInBody>;

/** POST /api/auth/signup */
export const signUpBody = z.strictObject({
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
  dateOfBirth: isoDate,
  firstName: text(NAME_MAX_LENGTH).optional(),
  lastName: text(NAME_MAX_LENGTH).optional(),
  timeZone: timeZone.optional(),
});
export type SignUpBody = z.infer<typeof signUpBody>;

export {
  type AuthProviders,
  type AuthUser,
  authProviders,
  authUser,
  authUserResponse,
} from './auth-answers';

/** PATCH /api/user/profile: the "Complete Your Profile" dialog and later profile edits. At least one field. */
export const updateProfileBody = atLeastOneField(
  z.strictObject({
    firstName: text(NAME_MAX_LENGTH).optional(),
    lastName: text(NAME_MAX_LENGTH).optional(),
    bio: freeText(BIO_MAX_LENGTH, { multiline: true }).optional(),
    timeZone: timeZone.optional(),
    /** The chosen @handle (shared/domain/username.ts); stored in lower case, unique regardless of case. */
    username: username.optional(),
    /** The person's own uploaded square photo (kind avatar), or null to remove it. */
    imageMediaId: stringId('media').nullable().optional(),
  }),
);
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
