import type { PushReminderPayload, PushSubscriptionBody } from '../../../shared/api/push';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { JobLogger } from '../../platform/jobs';
import { onFirstUse } from '../../platform/optional-package';
import { vapidDetails } from './push-keys';
import * as repo from './push-repo';

const webpush = onFirstUse<typeof import('web-push')>('web-push');

/** Devices kept per user (phones, laptops, browsers); subscribing another drops the oldest. */
export const PUSH_DEVICES_MAX = 10;
/** A reminder is worth nothing once its workout window is over: push services drop it after this long. */
export const PUSH_TTL_SECONDS = 10 * 60;
const SEND_TIMEOUT_MS = 10_000;

export function publicKey(ctx: AppContext) {
  return { publicKey: vapidDetails(ctx.config).publicKey };
}

export async function subscribe(ctx: AppContext, userId: string, body: PushSubscriptionBody) {
  await repo.upsert(ctx.db, userId, body, PUSH_DEVICES_MAX, new Date());
  return { subscribed: true as const };
}

export async function unsubscribe(ctx: AppContext, userId: string, endpoint: string) {
  return { removed: await repo.removeOwn(ctx.db, userId, endpoint) };
}

export interface PushOutcome {
  sent: number;
  /** Subscriptions the push service no longer knows (404/410): removed. */
  gone: number;
  failed: number;
}

/**
 * Pushes one message to every device of a user: encrypted for each (RFC 8291, aes128gcm) and signed with our
 * VAPID key by web-push, posted with fetch. A 404 or 410 means the browser dropped the subscription: its row goes.
 * Other failures are logged and not retried here (a second try would repeat the push on the devices that got it).
 */
export async function pushToUser(
  ctx: AppContext,
  userId: string,
  message: PushReminderPayload,
  log: JobLogger,
): Promise<PushOutcome> {
  const devices = await repo.devicesOf(ctx.db, userId);
  const outcome: PushOutcome = { sent: 0, gone: 0, failed: 0 };
  const gone: number[] = [];
  const payload = JSON.stringify(message);
  await Promise.all(
    devices.map(async (device) => {
      const status = await send(ctx, device, payload).catch((err: unknown) => {
        log.warn({ err, userId, device: device.id }, 'push could not be sent');
        return 0;
      });
      if (status === 404 || status === 410) gone.push(device.id);
      else if (status >= 200 && status < 300) outcome.sent += 1;
      else {
        if (status) log.warn({ status, userId, device: device.id }, 'push service refused a push');
        outcome.failed += 1;
      }
    }),
  );
  await repo.removeGone(ctx.db, gone);
  outcome.gone = gone.length;
  return outcome;
}

async function send(ctx: AppContext, device: repo.PushDevice, payload: string): Promise<number> {
  const request = webpush().generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: vapidDetails(ctx.config),
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  // fetch sets the length itself from the body.
  const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: request.body ? new Uint8Array(request.body) : undefined,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    redirect: 'error',
  });
  await response.body?.cancel();
  return response.status;
}

/** Forgets every push device of a user, inside the caller's transaction (auth: a reset proving the address). */
export function forgetAllDevicesOf(db: Db, userId: string) {
  return repo.removeAllOf(db, userId);
}
