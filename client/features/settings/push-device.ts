import type { PushSubscriptionBody } from '@shared/api/push';
import { pushCalls } from '../../api/push';

/**
 * This device's push subscription (docs/NOTIFICATIONS.md, "Web Push reminders"). The browser asks for permission
 * only from `enablePush`, which runs on a tap in Settings; nothing here prompts on its own.
 */

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

const READY_TIMEOUT_MS = 10_000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker's registration, or null when none takes this page within a few seconds (dev, blocked). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const sub = await reg.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

/**
 * Subscribes this device with the server's key and stores it for the signed-in user. A subscription made with
 * another key (the server's keys changed) is replaced. Answers the state reached ('denied' when refused).
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const key = keyBytes(await pushCalls.publicKey());
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await pushCalls.subscribe(sub.toJSON() as PushSubscriptionBody);
  return 'on';
}

/** Stops pushes to this device: forgotten by the server first, then by the browser. */
export async function disablePush(): Promise<PushState> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await pushCalls.unsubscribe(sub.endpoint);
    await sub.unsubscribe();
  }
  return pushSupported() && Notification.permission === 'denied' ? 'denied' : 'off';
}

/**
 * On each start of the signed-in app: tells the server this device's current subscription again, so a browser
 * that renewed its endpoint, or a device another user signed out of, pushes to whoever is signed in now. Never
 * prompts (permission must already be granted).
 */
export async function resyncPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) await pushCalls.subscribe(sub.toJSON() as PushSubscriptionBody);
}

/** On sign-out: this device stops getting the leaving user's reminders (best effort; the session still works). */
export async function forgetPushOnSignOut(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await pushCalls.unsubscribe(sub.endpoint).catch(() => undefined);
  await sub.unsubscribe().catch(() => false);
}
