import path from 'node:path';
import { z } from 'zod';
import { OAUTH_PROVIDER_IDS, type OAuthProviderId } from '../shared/api/auth-providers';
import type { BillingMode } from '../shared/domain/enums';
import { rootDir } from './paths';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An unset or empty variable is "not set" (an .env file often carries `NAME=`). */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

/** An issuer URL: https, or http only on this machine (discovery over plain http could be tampered with). */
const optionalIssuer = optionalText.pipe(
  z
    .url()
    .refine((v) => isLocalOrHttps(v), 'must be an https:// URL (http:// only for localhost)')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
);

function isLocalOrHttps(url: string): boolean {
  if (!URL.canParse(url)) return true; // reported once, by the URL check
  const u = new URL(url);
  return (
    u.protocol === 'https:' ||
    (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname))
  );
}

/** Every environment variable the server reads; `.env.example` lists the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the app, e.g. https://sweatpact.example; derived from PORT when unset. */
  PUBLIC_URL: z.url().optional(),
  /** Extra origins allowed to make state-changing requests (comma separated). */
  TRUSTED_ORIGINS: z.string().default(''),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Secret for signing session cookies; at least 32 characters. Generated into DATA_DIR when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Emails (comma separated) whose accounts get the admin role (moderation queue) when they sign up or in. */
  ADMIN_EMAILS: z.string().default(''),
  MIN_AGE: z.coerce.number().int().min(13).max(21).default(13),
  SUPPORT_HANDLE: z.string().default('@SweatPactHelp'),
  DEMO_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Turn off the sign-in and sign-up rate limits (only for load benchmarks); refused under NODE_ENV=production. */
  DISABLE_RATE_LIMIT: bool,
  /**
   * Take the client address from X-Forwarded-For: set it only behind a reverse proxy that overwrites that
   * header, or anyone could pick their own address and escape the rate limits.
   */
  TRUST_PROXY: bool,
  SERVE_CLIENT: bool.default(true),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Outgoing mail through this SMTP server (smtp:// or smtps:// URL); unset: written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('SweatPact <no-reply@sweatpact.local>'),
  /**
   * How Pro teams are billed (DECISIONS 11): `stripe` (the default with both Stripe keys), `test` (simulated money,
   * only when set here; refused under NODE_ENV=production unless ALLOW_TEST_BILLING=true), `off` (the default
   * without keys: paid teams cannot be created or joined).
   */
  BILLING_MODE: optionalText.pipe(z.enum(['stripe', 'test', 'off']).optional()),
  /** Allows BILLING_MODE=test under NODE_ENV=production (a staging server that must never take money). */
  ALLOW_TEST_BILLING: bool,
  /** Stripe billing: on when both are set (half a configuration stops the start). */
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_...)")
      .optional(),
  ),
  /** Another Stripe API base (stripe-mock, a test stub): http(s)://host[:port]. Unset: Stripe's own. */
  STRIPE_API_URL: optionalIssuer,
  /** Web Push (VAPID) key pair for workout reminders, base64url; both or neither. Unset: generated into DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who push services contact about our pushes: mailto: or https:. Unset: PUBLIC_URL when https, else mailto. */
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  ),
  /** Provider sign-in: each provider is on when both its id and secret are set (see oauthProviders below). */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** An OpenID Connect issuer used instead of the provider's own (self-hosted or test providers). */
  GOOGLE_ISSUER: optionalIssuer,
  APPLE_CLIENT_ID: optionalText,
  APPLE_CLIENT_SECRET: optionalText,
  APPLE_ISSUER: optionalIssuer,
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  FACEBOOK_ISSUER: optionalIssuer,
});

export type Env = z.infer<typeof envSchema>;

/** One provider's sign-in settings; `issuer` replaces the provider's own endpoints by OpenID Connect discovery. */
export interface OAuthProviderSettings {
  clientId: string;
  clientSecret: string;
  issuer?: string;
}

/** Stripe billing settings (server/platform/billing/stripe.ts). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (stripe-mock, a test stub); unset: api.stripe.com. */
  apiUrl?: string;
}

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  trustedOrigins: string[];
  adminEmails: string[];
  /** The providers whose id and secret are both set. */
  oauthProviders: Partial<Record<OAuthProviderId, OAuthProviderSettings>>;
  /** Stripe billing when both keys are set and the mode is `stripe`; null otherwise. */
  stripe: StripeSettings | null;
  /** The billing mode this server runs (see BILLING_MODE). */
  billingMode: BillingMode;
  rootDir: string;
}

/**
 * Reads and validates the environment once; a bad value stops the start with a clear message.
 * `overrides` are already-typed values (tests) applied over the parsed environment.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = { ...parsed.data, ...overrides } as Env;
  if (e.NODE_ENV === 'production' && e.DISABLE_RATE_LIMIT) {
    throw new Error(
      'Invalid environment:\n  DISABLE_RATE_LIMIT: is refused when NODE_ENV=production (it turns off the sign-in, sign-up and deletion limits)',
    );
  }
  const oauthProviders = oauthProviderSettings(e);
  const keys = stripeSettings(e);
  const billingMode = billingModeOf(e, keys !== null);
  const stripe = billingMode === 'stripe' ? keys : null;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const trustedOrigins = [
    new URL(publicUrl).origin,
    `http://localhost:${e.PORT}`,
    `http://127.0.0.1:${e.PORT}`,
    // Apple answers sign-in with a form posted from its own origin to our callback.
    ...(oauthProviders.apple && !oauthProviders.apple.issuer ? ['https://appleid.apple.com'] : []),
    ...e.TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];
  return {
    ...e,
    dataDir: path.resolve(rootDir, e.DATA_DIR),
    publicUrl,
    trustedOrigins: [...new Set(trustedOrigins)],
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    oauthProviders,
    stripe,
    billingMode,
    rootDir,
  };
}

/**
 * The billing mode: asked for by BILLING_MODE, else `stripe` with both keys and `off` without. Money is never faked
 * by a default: `test` only when asked, and never in production unless ALLOW_TEST_BILLING says so.
 */
function billingModeOf(e: Env, hasKeys: boolean): BillingMode {
  const mode = e.BILLING_MODE ?? (hasKeys ? 'stripe' : 'off');
  const problem =
    mode === 'stripe' && !hasKeys
      ? 'BILLING_MODE=stripe: needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET'
      : mode === 'test' && hasKeys
        ? 'BILLING_MODE=test: unset STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or use BILLING_MODE=stripe'
        : mode === 'test' && e.NODE_ENV === 'production' && !e.ALLOW_TEST_BILLING
          ? 'BILLING_MODE=test: is refused when NODE_ENV=production (members would get paid teams for free); set ALLOW_TEST_BILLING=true only on a server that must never take money'
          : null;
  if (problem) throw new Error(`Invalid environment:\n  ${problem}`);
  return mode;
}

/** Stripe is on with both keys; one without the other (or an API base alone) stops the start. */
function stripeSettings(e: Env): StripeSettings | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: apiUrl } = e;
  if (secretKey && webhookSecret) return { secretKey, webhookSecret, ...(apiUrl ? { apiUrl } : {}) };
  const problem = secretKey
    ? 'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set'
    : webhookSecret
      ? 'STRIPE_SECRET_KEY: is required when STRIPE_WEBHOOK_SECRET is set'
      : apiUrl
        ? 'STRIPE_API_URL: needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET'
        : null;
  if (problem) throw new Error(`Invalid environment:\n  ${problem}`);
  return null;
}

/** A provider is on with both its id and secret; half a configuration (or an issuer alone) stops the start. */
function oauthProviderSettings(e: Env): Config['oauthProviders'] {
  const settings: Config['oauthProviders'] = {};
  const problems: string[] = [];
  for (const id of OAUTH_PROVIDER_IDS) {
    const prefix = id.toUpperCase() as Uppercase<OAuthProviderId>;
    const clientId = e[`${prefix}_CLIENT_ID`];
    const clientSecret = e[`${prefix}_CLIENT_SECRET`];
    const issuer = e[`${prefix}_ISSUER`];
    if (clientId && clientSecret) settings[id] = { clientId, clientSecret, ...(issuer ? { issuer } : {}) };
    else if (clientId)
      problems.push(`  ${prefix}_CLIENT_SECRET: is required when ${prefix}_CLIENT_ID is set`);
    else if (clientSecret)
      problems.push(`  ${prefix}_CLIENT_ID: is required when ${prefix}_CLIENT_SECRET is set`);
    else if (issuer)
      problems.push(`  ${prefix}_ISSUER: needs ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET`);
  }
  if (problems.length) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  return settings;
}

/** The start log's line about billing (main.ts): which mode, and what it means for money. */
export function billingModeLine(config: Pick<Config, 'billingMode' | 'NODE_ENV'>): {
  level: 'info' | 'warn';
  message: string;
} {
  switch (config.billingMode) {
    case 'stripe':
      return { level: 'info', message: 'billing: stripe (members pay through Stripe)' };
    case 'test':
      return {
        level: 'warn',
        message: `billing: TEST MODE (BILLING_MODE=test${config.NODE_ENV === 'production' ? ', ALLOW_TEST_BILLING=true' : ''}): simulated charges, no money moves, paid teams are free`,
      };
    default:
      return {
        level: 'info',
        message:
          'billing: off (paid teams are not enabled; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe)',
      };
  }
}
