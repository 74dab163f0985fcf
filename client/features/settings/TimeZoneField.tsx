import { useMutation } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useAuth, useRefreshAuth } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { updateProfile } from '../../api/users';
import { cn } from '../../lib/cn';
import { browserTimeZone } from '../../lib/time-zone';
import { fieldClass } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { toast } from '../../ui/use-toast';

function timeZones(current: string): string[] {
  const zones = new Set<string>(['UTC', current]);
  try {
    for (const zone of Intl.supportedValuesOf('timeZone')) zones.add(zone);
  } catch {
    const detected = browserTimeZone();
    if (detected) zones.add(detected);
  }
  return [...zones].sort();
}

/** The user's time zone: days, streaks and reminders follow it. */
export function TimeZoneField() {
  const id = useId();
  const { user } = useAuth();
  const refreshAuth = useRefreshAuth();
  const current = user?.timeZone ?? 'UTC';
  const options = useMemo(() => timeZones(current), [current]);
  const detected = browserTimeZone();

  const save = useMutation({
    mutationFn: (timeZone: string) => updateProfile({ timeZone }),
    onSuccess: async (_res, timeZone) => {
      await refreshAuth();
      toast({ title: 'Time zone updated', description: timeZone.replaceAll('_', ' '), variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Could not update time zone',
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Time zone</Label>
      <div className="relative">
        <select
          id={id}
          value={save.isPending ? save.variables : current}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.target.value)}
          className={cn(fieldClass, 'h-12 appearance-none pr-10')}
        >
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
      {detected && detected !== current ? (
        <button
          type="button"
          onClick={() => save.mutate(detected)}
          className="self-start font-medium text-brand-ink text-xs underline-offset-2 hover:underline"
        >
          Use this device's time zone ({detected.replaceAll('_', ' ')})
        </button>
      ) : (
        <p className="text-muted-foreground text-xs">Reminders and streak days follow this time zone.</p>
      )}
    </div>
  );
}
