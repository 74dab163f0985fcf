import path from 'node:path';
import { z } from 'zod';
import { rootDir } from './paths';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

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
  /** Turn off the sign-in and sign-up rate limits (only for load benchmarks). */
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
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SweatPact <no-reply@sweatpact.local>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  trustedOrigins: string[];
  adminEmails: string[];
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
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const trustedOrigins = [
    new URL(publicUrl).origin,
    `http://localhost:${e.PORT}`,
    `http://127.0.0.1:${e.PORT}`,
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
    rootDir,
  };
}
