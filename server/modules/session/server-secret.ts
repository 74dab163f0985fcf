import type { AppContext } from '../../context';

const secrets = new WeakMap<AppContext, string>();

/** Set once, when the app's auth is created (better-auth.ts). */
export function setServerSecret(ctx: AppContext, secret: string) {
  secrets.set(ctx, secret);
}

/**
 * The server's secret (AUTH_SECRET, or the one generated into DATA_DIR) for keyed hashes that must survive restarts
 * (teams/trials.ts); set when the app's auth is created.
 */
export function serverSecretOf(ctx: AppContext): string {
  const secret = secrets.get(ctx);
  if (!secret) throw new Error('the server secret is read before the auth is created');
  return secret;
}
