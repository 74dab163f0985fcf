import { z } from 'zod/mini';

/**
 * What the auth routes answer. Written with zod/mini (the same schemas for the server, the OpenAPI document and the
 * client): the sign-in screen validates these answers, and mini keeps that download to a few KB, where the full
 * zod API (what every other contract module uses) is some 20 KB more. Signed-in screens load full zod anyway.
 */

/** The signed-in user, as GET /api/auth/user answers. */
export const authUser = z.object({
  id: z.string(),
  email: z.string(),
  /** Whether the address was proven (a mailed link, or a provider that verified it); demo accounts never are. */
  emailVerified: z.boolean(),
  username: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  isProUser: z.boolean(),
  isDemo: z.boolean(),
  role: z.enum(['user', 'admin', 'system']),
  timeZone: z.string(),
  streakCount: z.int(),
  streakPoints: z.int(),
  /** Streak freezes held, 0 to 2 (docs/RULES.md, Progress). */
  streakFreezes: z.int(),
  totalXP: z.int(),
  level: z.int(),
});
export type AuthUser = z.infer<typeof authUser>;

export const authUserResponse = z.object({ user: authUser });

/** Who is signed in, or nobody: a signed-out visitor is an answer, not an error. */
export const sessionResponse = z.object({ user: z.nullable(authUser) });

/** Which provider sign-in buttons are enabled (configured on the server). */
export const authProviders = z.object({
  google: z.boolean(),
  apple: z.boolean(),
  facebook: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProviders>;

/** GET /api/auth/provider-signup: the identity waiting for its date of birth before the account exists. */
export const providerSignup = z.object({
  provider: z.enum(['google', 'apple', 'facebook']),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  /** The youngest age that gets an account (MIN_AGE). */
  minAge: z.int(),
  expiresAt: z.iso.datetime(),
});
export type ProviderSignup = z.infer<typeof providerSignup>;

/** Sign-out's answer. */
export const signedOut = z.object({ ok: z.literal(true) });

/** A request taken, whatever was behind it (a reset for an unknown email answers the same). */
export const acceptedResponse = z.object({ ok: z.literal(true), message: z.string() });

/** What a followed verification link did: the address now verified, and whether it was an email change. */
export const verifyEmailResponse = z.object({ email: z.string(), changed: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

/** One signed-in device (a session): what its browser said it is, and when it was last used. */
export const deviceSession = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  createdAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSession>;
export const deviceSessionsResponse = z.object({ sessions: z.array(deviceSession) });

/** The answers of the auth routes by route name, for routes/auth.ts and the client's validation. */
export const authAnswers = {
  signIn: { 200: authUserResponse },
  signUp: { 200: authUserResponse },
  currentUser: { 200: authUserResponse },
  session: { 200: sessionResponse },
  signOut: { 200: signedOut },
  providers: { 200: authProviders },
  pendingProviderSignup: { 200: providerSignup },
  completeProviderSignup: { 200: authUserResponse },
  cancelProviderSignup: { 200: signedOut },
  sendVerification: { 200: acceptedResponse },
  verifyEmail: { 200: verifyEmailResponse },
  forgotPassword: { 200: acceptedResponse },
  resetPassword: { 200: signedOut },
  changePassword: { 200: authUserResponse },
  changeEmail: { 200: acceptedResponse },
  listSessions: { 200: deviceSessionsResponse },
  revokeSession: { 200: signedOut },
  revokeAllSessions: { 200: signedOut },
} as const;
