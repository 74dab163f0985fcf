import { z } from 'zod';
import { isoDate, text, timeZone } from './common';

/** The fixed credentials the Try Demo button posts; the server answers them with a fresh sandbox. */
export const DEMO_CREDENTIALS = { email: 'demo@sweatpact.app', password: 'try-the-demo' } as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const email = z.email('must be a valid email address').max(254).toLowerCase();

/** POST /api/auth/email: sign in with email and password (or the demo credentials). */
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
  firstName: text(50).optional(),
  lastName: text(50).optional(),
  timeZone: timeZone.optional(),
});
export type SignUpBody = z.infer<typeof signUpBody>;

/** The signed-in user, as GET /api/auth/user answers. */
export const authUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isProUser: z.boolean(),
  isDemo: z.boolean(),
  role: z.enum(['user', 'admin', 'system']),
  timeZone: z.string(),
  streakCount: z.number().int(),
  totalXP: z.number().int(),
  level: z.number().int(),
});
export type AuthUser = z.infer<typeof authUser>;

export const authUserResponse = z.object({ user: authUser });

/** Which provider sign-in buttons are enabled (configured on the server). */
export const authProviders = z.object({
  google: z.boolean(),
  apple: z.boolean(),
  facebook: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProviders>;

/** PATCH /api/user/profile: the "Complete Your Profile" dialog and later profile edits. */
export const updateProfileBody = z.strictObject({
  firstName: text(50).optional(),
  lastName: text(50).optional(),
  bio: z.string().trim().max(280, 'at most 280 characters').optional(),
  timeZone: timeZone.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
