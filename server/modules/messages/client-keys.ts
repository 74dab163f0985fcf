/**
 * Which message a sender's clientKey stored, so a retried send stores one message (as the chat's clientKey does).
 * Held in this instance's memory for KEY_TTL_MS: direct_messages has no client_key column yet (docs/MESSAGES.md);
 * a retry is seconds after the first try, well inside the window, and normally reaches the same instance.
 */

const KEY_TTL_MS = 15 * 60_000;
const MAX_KEYS = 50_000;

interface Seen {
  messageId: number;
  recipientId: string;
  at: number;
}

const seen = new Map<string, Seen>();

const keyOf = (senderId: string, clientKey: string) => `${senderId}:${clientKey}`;

export function recallKey(senderId: string, clientKey: string, now = Date.now()): Seen | undefined {
  const entry = seen.get(keyOf(senderId, clientKey));
  if (!entry || now - entry.at > KEY_TTL_MS) return undefined;
  return entry;
}

export function rememberKey(senderId: string, clientKey: string, messageId: number, recipientId: string) {
  const now = Date.now();
  if (seen.size >= MAX_KEYS) {
    // Insertion order is age order: drop the oldest tenth (and anything expired on the way).
    let drop = Math.ceil(MAX_KEYS / 10);
    for (const [k, v] of seen) {
      if (drop <= 0 && now - v.at <= KEY_TTL_MS) break;
      seen.delete(k);
      drop -= 1;
    }
  }
  seen.set(keyOf(senderId, clientKey), { messageId, recipientId, at: now });
}
