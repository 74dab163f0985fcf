import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
// The build without Kysely: we give it our Drizzle adapter and run our own migrations (it starts 0.3 s sooner).
import { betterAuth } from 'better-auth/minimal';
import type { AppContext } from '../../context';
import { accounts, sessions, users, verifications } from '../../db/schema';
import { setServerSecret } from '../session/server-secret';
import { SESSION_EXPIRES_IN_S, SESSION_UPDATE_AGE_S, setSessionCookie } from '../session/session-cache';
import { sendResetMail, sendVerificationMail } from './account-mail';
import { providerBridge } from './provider-bridge';
import { providerOptions } from './providers';

/** better-auth's cookie prefix; its session cookie is `<prefix>.session_token` (`__Secure-` first on https). */
const COOKIE_PREFIX = 'sweatpact';

const DAY = 60 * 60 * 24;
/** A reset link works this long (seconds), once. */
export const RESET_LINK_TTL_S = 30 * 60;
/** A verification link (sign-up, or a new address) works this long (seconds). */
export const VERIFY_LINK_TTL_S = DAY;

/**
 * better-auth does accounts, password hashing (argon2id here) and server-side sessions. Its HTTP handler is not
 * mounted: our own routes (routes.ts) call its server API, so sign-up rules (age, common passwords) and the demo
 * sandbox live in one place and there is one way in. Provider sign-in uses its protocol half (provider-bridge.ts).
 */
export function createAuth(ctx: AppContext) {
  const { config } = ctx;
  const providers = providerOptions(config);
  const secret = authSecret(config.AUTH_SECRET, config.dataDir, config.NODE_ENV === 'test');
  setServerSecret(ctx, secret);
  const secureCookies = config.publicUrl.startsWith('https://');
  // The session cache reads exactly this cookie, signed with this secret (session-cache.ts).
  setSessionCookie(ctx, {
    name: `${secureCookies ? '__Secure-' : ''}${COOKIE_PREFIX}.session_token`,
    secret,
  });
  return betterAuth({
    appName: 'SweatPact',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(ctx.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Recovery (docs/AUTH.md): a mailed one-use link, 30 minutes; a reset ends every session of the account.
      sendResetPassword: ({ user, token }) => sendResetMail(ctx, { user, token }),
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_S,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 }),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    // Verification at sign-up (the app is usable before; session/verified-email.ts says what needs it).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_TTL_S,
      sendVerificationEmail: ({ user, token }) => sendVerificationMail(ctx, { user, token }),
    },
    socialProviders: providers.socialProviders,
    // OAuth state lives server-side (single use), bound to the browser by a signed cookie.
    account: { storeStateStrategy: 'database', accountLinking: { enabled: false } },
    plugins: [...providers.plugins, providerBridge()],
    user: {
      // The new address gets the link and is changed when it is opened (account-service.ts mails the old one).
      changeEmail: { enabled: true },
      additionalFields: {
        username: { type: 'string', required: true, input: true },
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        dateOfBirth: { type: 'string', required: false, input: true },
        timeZone: { type: 'string', required: false, input: true, defaultValue: 'UTC' },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      // Sliding expiry, renewed at most hourly: the renewal also stamps updated_at, the devices list's "last active".
      updateAge: SESSION_UPDATE_AGE_S,
      cookieCache: { enabled: false },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: 'error', disabled: config.NODE_ENV === 'test' },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => randomBytes(16).toString('base64url') },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** AUTH_SECRET, else a secret generated once into DATA_DIR (kept across restarts), else random for tests. */
function authSecret(fromEnv: string | undefined, dataDir: string, isTest: boolean): string {
  if (fromEnv) return fromEnv;
  if (isTest) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
