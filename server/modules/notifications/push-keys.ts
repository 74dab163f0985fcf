import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { onFirstUse } from '../../platform/optional-package';

const webpush = onFirstUse<typeof import('web-push')>('web-push');

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const cache = new WeakMap<Config, VapidDetails>();

/**
 * The VAPID identity of this server (RFC 8292): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else a pair generated once
 * into DATA_DIR/vapid-keys.json and kept across restarts (like the generated auth secret). Every instance must use
 * the same pair, as browsers subscribed with its public key: several instances need the variables or a shared
 * DATA_DIR. A new pair would silently orphan every stored subscription, so it is never regenerated.
 */
export function vapidDetails(config: Config): VapidDetails {
  const known = cache.get(config);
  if (known) return known;
  const details = { subject: vapidSubject(config), ...keyPair(config) };
  cache.set(config, details);
  return details;
}

function keyPair(config: Config): { publicKey: string; privateKey: string } {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (publicKey && privateKey) {
    checkPair(publicKey, privateKey);
    return { publicKey, privateKey };
  }
  if (publicKey || privateKey) {
    throw new Error(
      'Invalid environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (npx web-push generate-vapid-keys) or neither',
    );
  }
  const file = path.join(config.dataDir, 'vapid-keys.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const generated = webpush().generateVAPIDKeys();
  // 'wx': two instances starting at once on one DATA_DIR keep the first pair written.
  try {
    fs.writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return keyPair(config);
  }
  return generated;
}

/** A pair that web-push refuses (wrong length, not base64url) stops the start instead of failing every push. */
function checkPair(publicKey: string, privateKey: string) {
  try {
    webpush().getVapidHeaders(
      'https://fcm.googleapis.com',
      'mailto:check@example.com',
      publicKey,
      privateKey,
      'aes128gcm',
    );
  } catch (err) {
    throw new Error(
      `Invalid environment:\n  VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: ${(err as Error).message}`,
    );
  }
}

function vapidSubject(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const url = new URL(config.publicUrl);
  return url.protocol === 'https:' ? url.origin : `mailto:push@${url.hostname}`;
}
