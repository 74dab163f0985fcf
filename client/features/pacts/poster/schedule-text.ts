import { WEEKDAYS, type Weekday } from '@shared/domain/time';

const short = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1, 3);

/** 'Every day', 'Weekdays', 'Weekends' or 'Mon, Wed, Fri'. */
export function scheduleSummary(days: readonly Weekday[]): string {
  const set = new Set(days);
  if (set.size === 7) return 'Every day';
  const weekdays = WEEKDAYS.slice(0, 5);
  if (set.size === 5 && weekdays.every((d) => set.has(d))) return 'Weekdays';
  if (set.size === 2 && set.has('saturday') && set.has('sunday')) return 'Weekends';
  return WEEKDAYS.filter((d) => set.has(d))
    .map(short)
    .join(', ');
}
