import { z } from 'zod';

/**
 * Web Push subscriptions (docs/NOTIFICATIONS.md, "Web Push reminders"): the browser's PushSubscription, as its
 * toJSON() gives it, stored per device so the server can push "Workout Time!" with the app closed.
 */

export const PUSH_ENDPOINT_MAX = 2048;

/**
 * The push services of the browsers people use (Chrome, Edge, Firefox, Safari, and the Chromium family that
 * shares Google's). The server posts to whatever endpoint is stored, so an arbitrary host would let anyone make
 * it call any https address; only these are accepted.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
] as const;

export function isPushServiceUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return PUSH_SERVICE_HOSTS.some((host) =>
    host.startsWith('.') ? url.hostname.endsWith(host) : url.hostname === host,
  );
}

/** An uncompressed P-256 point (65 bytes, first byte 4) in base64url: 87 characters, one optional '='. */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
/** 16 random bytes in base64url: 22 characters, optional '=='. */
const AUTH_SECRET = /^[A-Za-z0-9_-]{21}[AQgw](==)?$/;

export const pushEndpoint = z
  .string()
  .max(PUSH_ENDPOINT_MAX, `must be at most ${PUSH_ENDPOINT_MAX} characters`)
  .refine(isPushServiceUrl, "must be an https:// URL of a browser's push service")
  .meta({ examples: ['https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b'] });

export const pushSubscriptionBody = z
  .object({
    endpoint: pushEndpoint,
    /** What the browser says; the server does not rely on it (a gone subscription answers 404/410). */
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: z
          .string()
          .max(88, 'must be at most 88 characters')
          .regex(P256DH, 'must be a P-256 public key: 65 bytes in base64url')
          .meta({
            examples: [
              'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            ],
          }),
        auth: z
          .string()
          .max(24, 'must be at most 24 characters')
          .regex(AUTH_SECRET, 'must be a 16-byte secret in base64url')
          .meta({ examples: ['tBHItJI5svbpez7KI4CCXg'] }),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint: pushEndpoint }).strict();
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBody>;

/** The VAPID public key the browser needs as `applicationServerKey` (base64url). */
export const pushPublicKey = z.object({ publicKey: z.string() });

export const pushSubscribed = z.object({ subscribed: z.literal(true) });
export const pushUnsubscribed = z.object({
  /** False when this device was not subscribed for the caller (nothing changed). */
  removed: z.boolean(),
});

/** What a reminder push carries; the service worker shows it and opens `url` on a tap. */
export const pushReminderPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushReminderPayload = z.infer<typeof pushReminderPayload>;

/** Where a proof-review notification leads: the Pact's chat, scrolled to the proof's message. */
export function reviewUrl(pactId: number, messageId: number | null): string {
  return `/chat/${pactId}${messageId ? `#message-${messageId}` : ''}`;
}
