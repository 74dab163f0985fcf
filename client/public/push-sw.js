/*
 * Workout reminders by Web Push (docs/NOTIFICATIONS.md, "Web Push reminders"), imported by the Workbox service
 * worker (vite.config.ts, workbox.importScripts). The server sends { title, body, url, tag }: show it, and on a
 * tap bring the app forward on that URL (the Pact's chat).
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'Workout Time!';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      // One notification per Pact and day: a repeated push replaces it instead of stacking.
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/pwa-192x192.png',
      data: { url: typeof data.url === 'string' ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only pages of this app are opened from a notification.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (new URL(focused.url).href === url) return;
        try {
          await focused.navigate(url);
          return;
        } catch {
          // Not controlled by this worker yet: open a window instead.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
