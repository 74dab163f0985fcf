import { randomBytes } from 'node:crypto';

const KEY_PATTERN = /^[a-z0-9]{16,64}$/;

/** A fresh, unguessable storage key (also the media id). */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/** Refuses anything that is not a key we made, so no caller can reach outside the media folder. */
export function assertStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
