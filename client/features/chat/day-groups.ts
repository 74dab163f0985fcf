/**
 * Day separators of the chat: 'Today', 'Yesterday', or a long month-day date ('November 19'), with the
 * year added only for an earlier year so an old message is never mistaken for this year's. Days are calendar days
 * on the viewer's clock (`timeZone`, the device's by default).
 */

const keyFormatters = new Map<string, Intl.DateTimeFormat>();

function dayKeyFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const id = timeZone ?? '';
  let formatter = keyFormatters.get(id);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    keyFormatters.set(id, formatter);
  }
  return formatter;
}

/** 'YYYY-MM-DD' of an instant on the viewer's calendar. */
export function dayKey(instant: Date, timeZone?: string): string {
  return dayKeyFormatter(timeZone).format(instant);
}

function previousDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export function dayLabel(instant: Date, now: Date, timeZone?: string): string {
  const key = dayKey(instant, timeZone);
  const today = dayKey(now, timeZone);
  if (key === today) return 'Today';
  if (key === previousDay(today)) return 'Yesterday';
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  return instant.toLocaleDateString('en-US', {
    timeZone,
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** Splits time-ordered items into runs of the same calendar day, each with its label. */
export function groupByDay<T>(
  items: readonly T[],
  timestampOf: (item: T) => string,
  now: Date,
  timeZone?: string,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const instant = new Date(timestampOf(item));
    const key = dayKey(instant, timeZone);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(instant, now, timeZone), items: [item] });
  }
  return groups;
}

/** 'h:mm AM/PM' under a bubble. */
export function timeOfDay(instant: Date, timeZone?: string): string {
  return instant.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
}
