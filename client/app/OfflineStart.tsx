import { WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { BrandMark } from '../features/auth/BrandMark';
import { backoffDelay } from '../lib/backoff';
import { useOnline } from '../lib/use-online';
import { Button } from '../ui/Button';

/**
 * The first screen when the app opened without a network, so nobody can tell whether someone is signed in: not
 * the sign-in form (a signed-in person took it for being signed out, and it cannot work offline anyway). It asks
 * again by itself when the network comes back, and keeps asking while the device says it is online (a first try
 * right at the "online" event can still fail while the connection settles: 0.5 s doubling to 15 s); and on Try
 * again.
 */
export function OfflineStart({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!online) return;
    if (cameBack) onRetry();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(() => {
        onRetry();
        attempt += 1;
        next();
      }, backoffDelay(attempt));
    };
    next();
    return () => clearTimeout(timer);
  }, [online, onRetry]);
  return (
    <main className="relative flex min-h-dvh flex-col overflow-hidden bg-background pt-safe pb-safe">
      <div className="relative mx-auto flex w-full max-w-md flex-1 flex-col items-center px-6 pt-14 pb-8 text-center">
        <BrandMark />
        <p className="mt-5 font-black text-4xl tracking-tight">
          Sweat<span className="text-brand-ink">Pact</span>
        </p>
        <WifiOff className="mt-10 size-8 text-muted-foreground" aria-hidden="true" />
        <h1 className="mt-3 font-extrabold text-xl">No connection</h1>
        <p className="mt-1 max-w-xs text-muted-foreground text-sm">
          SweatPact opens as soon as you are back online.
        </p>
        <Button className="mt-6 min-w-40" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </main>
  );
}
