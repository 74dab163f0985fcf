import { wallClock } from '@shared/domain/time';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { reminderKeys, useRemindersQuery } from '../../api/activity';
import { useAuth } from '../../api/auth';
import { participationKeys } from '../../api/pacts';
import { useUserSettings } from '../../api/settings';
import { msToNextMinute, reminderZone } from './reminder-logic';

const sameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === b[i]);

/** Today's Pacts with a workout time, refetched when the user's local date changes. */
export function useReminderList(now: Date) {
  const query = useRemindersQuery();
  const answer = query.data ?? null;
  const data = useMemo(() => (answer ? { ...answer, zone: reminderZone(answer) } : null), [answer]);
  // A new local day, or a time zone changed in Settings, makes the list stale.
  const { user } = useAuth();
  const stale =
    data !== null &&
    (wallClock(now, data.zone).date !== data.date || (!!user?.timeZone && user.timeZone !== data.timeZone));
  const { refetch } = query;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);
  // Joining, leaving, creating or editing a Pact refreshes the caller's participations: ask for reminders again.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (sameKey(event.query.queryKey, participationKeys.mine)) {
          void queryClient.invalidateQueries({ queryKey: reminderKeys.all });
        }
      }),
    [queryClient],
  );
  // The Settings switch wins at once when Settings has loaded it (never fetched from here).
  const settings = useUserSettings(false);
  const toggled = settings.data?.workoutNotifications;
  if (data && typeof toggled === 'boolean' && toggled !== data.workoutNotifications) {
    return { ...data, workoutNotifications: toggled };
  }
  return data;
}

/** The current time, ticking once a minute just after the minute starts (reminders are checked every 60 s). */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      timer = setTimeout(tick, msToNextMinute(current));
    };
    timer = setTimeout(tick, msToNextMinute(new Date()));
    return () => clearTimeout(timer);
  }, []);
  return now;
}
