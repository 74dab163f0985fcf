import { expect, type Page, test } from '@playwright/test';
import { signUpViaUi, snap } from './support/app';

/**
 * Workout reminders by Web Push, the browser's half (the server's pushes are proven against a push service stub in
 * server/modules/notifications/push-reminders.test.ts). Chromium here has no push service to register with, so
 * where its pushManager cannot subscribe, the page's pushManager answers a subscription made of a real P-256 key
 * pair and secret with a Chrome-like endpoint: everything from the tap to the stored row is the app's own.
 */

const ORIGIN_HEADERS = (page: Page) => ({ origin: new URL(page.url()).origin });

/** Counts permission prompts, and lets pushManager subscribe even without a push service. */
async function instrument(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { permissionPrompts: number };
    w.permissionPrompts = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      w.permissionPrompts += 1;
      return ask(...args);
    };
    const b64 = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let fake: PushSubscription | null = null;
    const realSubscribe = PushManager.prototype.subscribe;
    const realGet = PushManager.prototype.getSubscription;
    PushManager.prototype.subscribe = async function (options) {
      try {
        return await realSubscribe.call(this, options);
      } catch {
        const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
          'deriveBits',
        ]);
        const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
        const auth = b64(crypto.getRandomValues(new Uint8Array(16)).buffer);
        const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`;
        const json = { endpoint, expirationTime: null, keys: { p256dh, auth } };
        fake = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: options?.applicationServerKey ?? null, userVisibleOnly: true },
          toJSON: () => json,
          unsubscribe: async () => {
            fake = null;
            return true;
          },
          getKey: () => null,
        } as unknown as PushSubscription;
        return fake;
      }
    };
    PushManager.prototype.getSubscription = async function () {
      return fake ?? realGet.call(this);
    };
  });
}

test('Settings asks for notification permission only on a tap, subscribes this device, and the server keeps it', async ({
  page,
  context,
}, testInfo) => {
  await instrument(page);
  await page.goto('/');
  await signUpViaUi(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.grantPermissions(['notifications']);

  await page.goto('/settings');
  const row = page.getByTestId('push-device');
  await expect(row.getByText('Reminders on this device')).toBeVisible();
  const turnOn = row.getByRole('button', { name: 'Turn on' });
  await expect(turnOn).toBeVisible();
  // Opening Settings asks nothing.
  expect(
    await page.evaluate(() => (window as unknown as { permissionPrompts: number }).permissionPrompts),
  ).toBe(0);
  await snap(page, testInfo, 'settings-push-off');

  await turnOn.click();
  await expect(row.getByRole('status')).toHaveText(
    'On: a push at each Pact’s workout time, even with the app closed.',
  );
  await expect(row.getByRole('button', { name: 'Turn off' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { permissionPrompts: number }).permissionPrompts),
  ).toBe(1);
  await snap(page, testInfo, 'settings-push-on');

  // A push delivered to the service worker (DevTools stands in for the push service) shows as the reminder.
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const message = {
    title: 'Workout Time!',
    body: 'Time to start your Run. Start streaming now or get busted!',
    url: '/chat/7',
    tag: 'workout-7-2027-03-15',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registered,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      ),
    )
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: message.url }]);

  // The server stored this device for this user: removing it answers that it was there.
  const endpoint = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.pushManager.getSubscription())?.endpoint ?? null;
  });
  expect(endpoint).toMatch(/^https:\/\//);
  console.log(`push subscription: ${endpoint?.includes('/e2e-') ? 'stand-in (no push service)' : 'real'}`);
  const removed = await page.request.delete('/api/push/subscriptions', {
    data: { endpoint },
    headers: ORIGIN_HEADERS(page),
  });
  expect(await removed.json()).toEqual({ removed: true });
  // Subscribed again, then Turn off: the browser and the server both forget it.
  await page.request.post('/api/push/subscriptions', {
    data: await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.toJSON(),
    ),
    headers: ORIGIN_HEADERS(page),
  });
  await row.getByRole('button', { name: 'Turn off' }).click();
  await expect(row.getByRole('button', { name: 'Turn on' })).toBeVisible();
  const again = await page.request.delete('/api/push/subscriptions', {
    data: { endpoint },
    headers: ORIGIN_HEADERS(page),
  });
  expect(await again.json()).toEqual({ removed: false });
});

test('with Workout Notifications off, this device offers no subscription and says why', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await signUpViaUi(page);
  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Workout Notifications' }).click();
  const row = page.getByTestId('push-device');
  await expect(row.getByRole('status')).toHaveText('Turn on Workout Notifications to get reminders here.');
  await expect(row.getByRole('button')).toHaveCount(0);
  await snap(page, testInfo, 'settings-push-setting-off');
});
