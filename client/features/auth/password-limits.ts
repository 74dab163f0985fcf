/**
 * Password length limits of shared/api/auth.ts (PASSWORD_MIN, PASSWORD_MAX), repeated here so the sign-in screen
 * does not pull zod into the first download; password-limits.test.ts keeps the two equal.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
