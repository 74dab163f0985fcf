/**
 * `virtual:pwa-register` outside a Vite build of the app: the API tests draw the app on the server
 * (server/platform/first-paint.test.ts), where the module the PWA plugin makes does not exist. Registering is an
 * effect, which a server render never runs; this only lets the import resolve.
 */
export function registerSW(): (reload?: boolean) => Promise<void> {
  throw new Error('registerSW: no service worker outside the built app');
}
