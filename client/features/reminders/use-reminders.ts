import type { RemindersResponse } from '@shared/api/activity';
import { localDate } from '@shared/domain/time';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { msToNextMinute } from './reminder-logic';

export const remindersKey = ['/api/user/reminders'] as const;
/** Joining, leaving or editing a Pact elsewhere changes the list; ask again this often while the app is open. */
const REMINDERS_REFRESH_MS = 5 * 60_000;

/** GET /api/user/reminders: today's Pacts with a workout time, refetched when the user's local date changes. */
export function useReminderList(now: Date) {
  const query = useQuery<RemindersResponse>({
    queryKey: remindersKey,
    refetchOnMount: 'always',
    refetchInterval: REMINDERS_REFRESH_MS,
  });
  const data = query.data && Array.isArray(query.data.items) ? query.data : null;
  const stale = data !== null && localDate(now, data.timeZone) !== data.date;
  const { refetch } = query;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);
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
