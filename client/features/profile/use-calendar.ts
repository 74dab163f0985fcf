import type { CalendarDay } from '@shared/api/calendar';
import { useQuery } from '@tanstack/react-query';

export const calendarKey = (month: string) => ['/api/user/calendar', { month }] as const;

/** The caller's approved workouts of a month ('YYYY-MM'), by day. */
export function useCalendar(month: string) {
  return useQuery<CalendarDay[]>({ queryKey: calendarKey(month) });
}
