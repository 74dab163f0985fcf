import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/use-toast';
import { currentPushState, disablePush, enablePush, type PushState } from './push-device';

const isIosBrowserTab = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) && !window.matchMedia('(display-mode: standalone)').matches;

function hintFor(state: PushState, workoutNotifications: boolean): string {
  if (state === 'unsupported') {
    return isIosBrowserTab()
      ? 'Add SweatPact to your Home Screen to get reminders on this device.'
      : 'This browser cannot show reminders while SweatPact is closed.';
  }
  if (state === 'denied') return 'Notifications are blocked for SweatPact in your browser settings.';
  if (!workoutNotifications) return 'Turn on Workout Notifications to get reminders here.';
  return state === 'on'
    ? 'On: a push at each Pact’s workout time, even with the app closed.'
    : 'Get a push at each Pact’s workout time, even with the app closed.';
}

/**
 * "Reminders on this device", under Workout Notifications: the browser asks for permission only when the user
 * taps Turn on (never on page load). The switch above decides whether the server sends anything at all.
 */
export function PushDeviceRow({ workoutNotifications }: { workoutNotifications: boolean }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  useEffect(() => {
    let live = true;
    currentPushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = async (action: () => Promise<PushState>) => {
    setBusy(true);
    try {
      setState(await action());
    } catch (error) {
      toast({
        title: 'Could not change reminders on this device',
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const showButton = state === 'on' || (state === 'off' && workoutNotifications);
  return (
    <div className="flex items-center justify-between gap-4 py-3.5" data-testid="push-device">
      <div className="flex min-w-0 flex-col gap-1">
        <p id={labelId} className="font-medium text-sm">
          Reminders on this device
        </p>
        {state === null ? (
          <Skeleton className="h-3 w-40" />
        ) : (
          <p className="text-muted-foreground text-xs" role="status">
            {hintFor(state, workoutNotifications)}
          </p>
        )}
      </div>
      {showButton && (
        <Button
          size="sm"
          variant={state === 'on' ? 'outline' : 'default'}
          disabled={busy}
          aria-describedby={labelId}
          onClick={() => void change(state === 'on' ? disablePush : enablePush)}
        >
          {state === 'on' ? (busy ? 'Turning off...' : 'Turn off') : busy ? 'Turning on...' : 'Turn on'}
        </Button>
      )}
    </div>
  );
}
