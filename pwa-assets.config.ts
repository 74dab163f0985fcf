import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

/** The app icons (PNG, maskable, Apple touch, favicon), generated from client/public/logo.svg at every build. */
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: '#08090b' } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: '#08090b' } },
  },
  images: ['client/public/logo.svg'],
});
