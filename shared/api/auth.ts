import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../domain/limits';
import { atLeastOneField, isoDate, timeZone } from './common';
import { stringId } from './ids';
import { freeText, text } from './text';

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
    /** The person's own uploaded square photo (kind avatar), or null to remove it. */
    imageMediaId: stringId('media').nullable().optional(),
  }),
);
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
