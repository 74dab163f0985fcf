import type { RemindersResponse } from '@shared/api/activity';
import type { UserSettings } from '@shared/api/settings';
import { localDate } from '@shared/domain/time';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '../auth/use-auth';
import { SETTINGS_KEY } from '../settings/use-settings';
import { msToNextMinute } from './reminder-logic';

export const remindersKey = ['/api/user/reminders'] as const;
/** Joining, leaving or editing a Pact elsewhere changes the list; ask again this often while the app is open. */
const REMINDERS_REFRESH_MS = 5 * 60_000;
const PARTICIPATIONS_PATH = '/api/user/participations';

/** GET /api/user/reminders: today's Pacts with a workout time, refetched when the user's local date changes. */
export function useReminderList(now: Date) {
  const query = useQuery<RemindersResponse>({
    queryKey: remindersKey,
    refetchOnMount: 'always',
    refetchInterval: REMINDERS_REFRESH_MS,
  });
  const data = query.data && Array.isArray(query.data.items) ? query.data : null;
  // A new local day, or a time zone changed in Settings, makes the list stale.
  const { user } = useAuth();
  const stale =
    data !== null &&
    (localDate(now, data.timeZone) !== data.date || (!!user?.timeZone && user.timeZone !== data.timeZone));
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
        if (event.query.queryKey.length === 1 && event.query.queryKey[0] === PARTICIPATIONS_PATH) {
          void queryClient.invalidateQueries({ queryKey: remindersKey });
        }
      }),
    [queryClient],
  );
  // The Settings switch wins at once when Settings has loaded it (never fetched from here).
  const settings = useQuery<Partial<UserSettings>>({ queryKey: SETTINGS_KEY, enabled: false });
  const toggled = settings.data?.workoutNotifications;
  if (data && typeof toggled === 'boolean' && toggled !== data.workoutNotifications) {
    return { ...data, workoutNotifications: toggled };
  }
  return data;
}

/** The current time, ticking once a minute just after the minute starts (SPEC 4: check every 60 s). */
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
