import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/compile-hints';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    // Every chunk compiled off the main thread as it streams in (scripts/compile-hints.mjs).
    compileHints(),
    tailwindcss(),
    // The installable app (docs/CLIENT.md, "Installable app"): manifest, icons generated from public/logo.svg,
    // and a Workbox service worker that precaches the app shell and answers navigations offline. API answers,
    // media and uploads never go through its caches.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      pwaAssets: { config: true, overrideManifestIcons: true },
      manifest: {
        id: '/',
        name: 'SweatPact',
        short_name: 'SweatPact',
        description: 'Workout Pacts with friends: prove every workout, keep your streak.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#08090b',
        theme_color: '#08090b',
        categories: ['health', 'fitness', 'social'],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
        globIgnores: ['samples/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/ws/, /^\/uploads/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // Workout reminders: the push and notificationclick handlers (client/public/push-sw.js).
        importScripts: ['push-sw.js'],
      },
    }),
  ],
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'shared'),
      '@client': path.resolve(import.meta.dirname, 'client'),
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The page's own modulepreload links stay in index.html; none are inserted by script for a lazy chunk's imports
    // (docs/CLIENT.md, "The first screen's main thread"): signed-in Home loads some 80 small chunks, and inserting a
    // link for each was the largest single piece of main-thread work on a slow phone. The browser fetches a chunk's
    // imports as it meets them, as fast on slow 4G (bench/README.md, lighthouse).
    // Common chunks under 8 KB are inlined into the chunks that import them (rolldown's inline common chunks; it
    // also keeps modules' execution order): a direct cold load of a screen fetched some 60 files of 0.4-3 KB in five
    // waves, each a round trip on a phone's network (bench/cold-load.bench.mjs, docs/PERFORMANCE.md). Trade-off:
    // the tiny modules are repeated where used, 32% more JavaScript in all (436 KB brotli beside 331 KB); the
    // sign-in screen's own share grows 5 KB.
    rolldownOptions: {
      output: {
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8192 } },
      },
    },
    // The server reads it to list a drawn screen's chunks in its page (server/platform/first-paint.ts).
    manifest: true,
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
});
