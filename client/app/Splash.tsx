import { BrandMark } from '../features/auth/BrandMark';
import { Spinner } from '../ui/Spinner';

/**
 * The first screen: the same markup is written into index.html (#root), so the brand shows as soon as the page and
 * its stylesheet arrive instead of a blank screen while the JavaScript loads; React then shows it while the session
 * is checked. Its header sits exactly where the sign-in screen's does, so signing in starts without a jump.
 * Splash.test.tsx keeps index.html and this component identical.
 */
export function Splash() {
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
