import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on its first use instead of at start, for packages only some setups need (S3, Stripe, Redis,
 * PostgreSQL, SMTP and the outbox, Web Push): the default start (embedded database, local files, test-mode
 * billing) does not spend a few hundred milliseconds loading them (bench/startup.mjs). Loaded synchronously,
 * through the package's CommonJS build; every caller in the server uses this one instance.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
