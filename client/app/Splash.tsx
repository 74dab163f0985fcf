import { type ReactNode, useLayoutEffect, useState } from 'react';
import { BrandMark } from '../features/auth/BrandMark';
import { Spinner } from '../ui/Spinner';

/**
 * The first screen: the same markup is written into index.html (`#splash`, beside React's `#root`), so the brand
 * shows as soon as the page and its stylesheet arrive instead of a blank screen while the JavaScript loads.
 * Splash.test.tsx keeps index.html and this component identical. Its header sits exactly where the sign-in screen's
 * does, so signing in starts without a jump.
 */
export function SplashScreen() {
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-background pt-safe pb-safe">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[28rem] -translate-x-1/2 rounded-full bg-primary/25 blur-3xl dark:bg-primary/20"
      />
      <div className="relative mx-auto flex w-full max-w-md flex-1 flex-col px-6 pt-14 pb-8">
        <div className="flex flex-col items-center text-center">
          <BrandMark />
          <p className="mt-5 font-black text-4xl tracking-tight">
            Sweat<span className="text-brand-ink">Pact</span>
          </p>
          <p className="mt-2 text-base text-muted-foreground">Workout challenges with friends</p>
          <Spinner className="mt-10 size-8 text-brand-ink" label="Loading" />
        </div>
      </div>
    </div>
  );
}

const pageSplash = () => (typeof document === 'undefined' ? null : document.getElementById('splash'));

/** How many mounted Splash components show index.html's splash. */
let keeping = 0;

/**
 * Removes index.html's splash once no Splash shows it: after the commit that unmounted the last one (a microtask,
 * so before the browser paints), unless that same commit mounted another Splash, as when the session check hands
 * over to the signed-in shell's loading.
 */
export function releasePageSplash() {
  queueMicrotask(() => {
    if (keeping === 0) pageSplash()?.remove();
  });
}

/**
 * The splash while the session is checked or a screen's code loads. While index.html's own splash (or the screen the
 * server drew in its place, app/first-paint.tsx) is still on screen, React keeps that one rather than drawing over
 * it: nothing is re-painted, and the page's largest paint stays the one made before the JavaScript arrived. The
 * page's splash goes when the first real screen commits (releasePageSplash); a later Splash draws `drawn` (the
 * brand splash unless a caller gives its own loading screen).
 */
export function Splash({ drawn = <SplashScreen /> }: { drawn?: ReactNode }) {
  const [keep, setKeep] = useState(() => pageSplash() !== null);
  useLayoutEffect(() => {
    if (!keep) return;
    // Decided while rendering; if the page's splash went before this commit, draw the component instead.
    if (!pageSplash()) return setKeep(false);
    keeping++;
    return () => {
      keeping--;
      releasePageSplash();
    };
  }, [keep]);
  return keep ? null : drawn;
}
