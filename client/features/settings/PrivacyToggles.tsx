import type { UserSettings } from '@shared/api/settings';
import { useId } from 'react';
import { errorMessage } from '../../api/errors';
import { useUpdateSettings, useUserSettings } from '../../api/settings';
import { Label } from '../../ui/Label';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/use-toast';
import { PushDeviceRow } from './PushDeviceRow';

const TOGGLES: { key: keyof UserSettings; label: string; hint: string }[] = [
  {
    key: 'workoutNotifications',
    label: 'Workout Notifications',
    hint: 'Reminders at your Pacts’ workout times',
  },
  { key: 'analytics', label: 'Analytics', hint: 'Share anonymous usage data to improve SweatPact' },
  { key: 'marketing', label: 'Marketing Communications', hint: 'News, tips and offers by email' },
];

/** The Privacy & Data switches, saved per user on the server. */
export function PrivacyToggles() {
  const id = useId();
  const { data, isPending } = useUserSettings();
  // A failed save puts the old value back and says why.
  const update = useUpdateSettings((error) =>
    toast({ title: 'Could not save setting', description: errorMessage(error), variant: 'destructive' }),
  );
  return (
    <ul className="divide-y divide-border">
      {TOGGLES.map(({ key, label, hint }) => [
        <li key={key} className="flex items-center justify-between gap-4 py-3.5 first:pt-0">
          <div className="flex min-w-0 flex-col gap-1">
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
            <p className="text-muted-foreground text-xs">{hint}</p>
          </div>
          {isPending ? (
            <Skeleton className="h-7 w-12 rounded-full" />
          ) : (
            <Switch
              id={`${id}-${key}`}
              checked={data?.[key] === true}
              disabled={typeof data?.[key] !== 'boolean'}
              onCheckedChange={(checked) => update.mutate({ [key]: checked })}
            />
          )}
        </li>,
        // Push on this device sits right under the switch that governs it.
        key === 'workoutNotifications' && data && (
          <li key="push-device">
            <PushDeviceRow workoutNotifications={data.workoutNotifications} />
          </li>
        ),
      ])}
    </ul>
  );
}
