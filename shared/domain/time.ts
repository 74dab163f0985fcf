/**
 * Calendar and clock helpers. Dates are ISO calendar dates 'YYYY-MM-DD' (a user's local day, no zone);
 * wall-clock times are 'HH:MM'. Time zones go through Intl so this runs in Node and in the browser.
 */

export type IsoDate = string;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface ClockTime {
  hours: number;
  minutes: number;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^(\d{1,2}):(\d{2})$/;
const H_MM_PERIOD = /^(\d{1,2}):(\d{2})(?:\s*([AaPp])\.?[Mm]\.?)?$/;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Reads 'HH:MM' (or 'H:MM') as a 24-hour clock time; null when it is not one. */
export function parseHHMM(value: string): ClockTime | null {
  const match = HH_MM.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return { hours, minutes };
}

export function isValidHHMM(value: string): boolean {
  return /^\d{2}:\d{2}$/.test(value) && parseHHMM(value) !== null;
}

/** 'HH:MM' from a clock time. */
export function formatHHMM({ hours, minutes }: ClockTime): string {
  return `${pad2(hours)}:${pad2(minutes)}`;
}

/** '20:05' -> '8:05 PM', '00:30' -> '12:30 AM'. A value that is not 'HH:MM' is returned unchanged. */
export function formatWorkoutTime(hhmm: string): string {
  const time = parseHHMM(hhmm);
  if (!time) return hhmm;
  const period = time.hours < 12 ? 'AM' : 'PM';
  const hour12 = time.hours % 12 === 0 ? 12 : time.hours % 12;
  return `${hour12}:${pad2(time.minutes)} ${period}`;
}

/**
 * Reads 'h:mm AM/PM', as Pact cards show times: 12 AM is hour 0, PM adds 12 to hours 1..11 and 12 PM is noon.
 * Without AM/PM the value is read as a 24-hour time, so a raw 'HH:MM' still parses.
 */
export function parse12h(value: string): ClockTime | null {
  const match = H_MM_PERIOD.exec(value.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const period = match[3]?.toUpperCase();
  if (minutes > 59) return null;
  if (period === undefined) return hours > 23 ? null : { hours, minutes };
  if (hours < 1 || hours > 12) return null;
  if (period === 'A' && hours === 12) hours = 0;
  if (period === 'P' && hours !== 12) hours += 12;
  return { hours, minutes };
}

function parseIsoDate(date: IsoDate): [number, number, number] {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`not an ISO date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isValidIsoDate(date: string): boolean {
  const match = ISO_DATE.exec(date);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

function utcDayNumber(date: IsoDate): number {
  const [y, m, d] = parseIsoDate(date);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function fromUtcDayNumber(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` calendar days after `date` (negative goes back). Pure calendar arithmetic: no DST. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcDayNumber(utcDayNumber(date) + days);
}

/** Whole calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return utcDayNumber(to) - utcDayNumber(from);
}

/** Lowercase weekday name of a calendar date. */
export function weekdayOf(date: IsoDate): Weekday {
  // 1970-01-01 was a Thursday (index 3 of WEEKDAYS).
  const index = (((utcDayNumber(date) + 3) % 7) + 7) % 7;
  return WEEKDAYS[index]!;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface ZonedParts {
  date: IsoDate;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The wall clock shown in `timeZone` at `instant`. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year?.padStart(4, '0')}-${parts.month}-${parts.day}`,
    hours: Number(parts.hour) % 24,
    minutes: Number(parts.minute),
    seconds: Number(parts.second),
  };
}

/** The calendar date in `timeZone` at `instant`. */
export function localDate(instant: Date, timeZone: string): IsoDate {
  return zonedParts(instant, timeZone).date;
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function timeZoneOffsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const [y, m, d] = parseIsoDate(p.date);
  const wallAsUtc = Date.UTC(y, m - 1, d, p.hours, p.minutes, p.seconds);
  return wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `hhmm`. A time skipped by a
 * daylight-saving jump maps to the instant just after the jump would have shown it (e.g. 02:30 on a
 * spring-forward night becomes 03:30); a repeated time maps to its first occurrence.
 */
export function zonedWallClockToInstant(date: IsoDate, hhmm: string, timeZone: string): Date {
  const time = parseHHMM(hhmm);
  if (!time) throw new RangeError(`not an HH:MM time: ${hhmm}`);
  const [y, m, d] = parseIsoDate(date);
  const wallAsUtc = Date.UTC(y, m - 1, d, time.hours, time.minutes);
  // Offsets either side of the moment; the earlier offset gives the first occurrence of a repeated time.
  const before = timeZoneOffsetMs(new Date(wallAsUtc - DAY_MS), timeZone);
  const after = timeZoneOffsetMs(new Date(wallAsUtc + DAY_MS), timeZone);
  for (const offset of [before, after]) {
    const candidate = new Date(wallAsUtc - offset);
    if (timeZoneOffsetMs(candidate, timeZone) === offset) return candidate;
  }
  // Skipped by a spring-forward jump: apply the pre-jump offset, which lands after the jump.
  return new Date(wallAsUtc - before);
}

/**
 * A time zone's offset over a span of time: between `fromMs` (inclusive) and `untilMs` (exclusive) the wall clock of
 * `timeZone` is UTC plus `offsetMs`. The server works it out with Intl and sends it, so a browser can read the user's
 * wall clock by arithmetic: the first Intl date formatter of a page costs a long task on a slow phone (ICU's data),
 * and the reminder checks the clock on every signed-in screen.
 */
export interface OffsetSpan {
  timeZone: string;
  offsetMs: number;
  fromMs: number;
  untilMs: number;
}

/** A time zone by name (read through Intl) or with its offset over a span (arithmetic inside it, Intl outside). */
export type ZoneRef = string | OffsetSpan;

const HOUR_MS = 3_600_000;
/** How far either side of an instant `offsetSpan` looks for a change of offset (a day and a half). */
export const OFFSET_SPAN_HORIZON_MS = 36 * HOUR_MS;

/** The first whole second in (`before`, `after`] whose offset differs from `offset` (one is known to). */
function firstChange(timeZone: string, offset: number, before: number, after: number): number {
  let lo = before;
  let hi = after;
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (timeZoneOffsetMs(new Date(mid), timeZone) === offset) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The offset of `timeZone` at `instant` and the span around it with that same offset, looking at most
 * `OFFSET_SPAN_HORIZON_MS` either way (a span with no change within it ends at the horizon). Offsets change at
 * whole seconds, and never twice within an hour, so hourly steps and a search to the second find every change.
 */
export function offsetSpan(instant: Date, timeZone: string): OffsetSpan {
  const at = Math.floor(instant.getTime() / 1000) * 1000;
  const offsetMs = timeZoneOffsetMs(new Date(at), timeZone);
  let untilMs = at + OFFSET_SPAN_HORIZON_MS;
  for (let t = at + HOUR_MS; t <= at + OFFSET_SPAN_HORIZON_MS; t += HOUR_MS) {
    if (timeZoneOffsetMs(new Date(t), timeZone) !== offsetMs) {
      untilMs = firstChange(timeZone, offsetMs, t - HOUR_MS, t);
      break;
    }
  }
  let fromMs = at - OFFSET_SPAN_HORIZON_MS;
  for (let t = at - HOUR_MS; t >= at - OFFSET_SPAN_HORIZON_MS; t -= HOUR_MS) {
    if (timeZoneOffsetMs(new Date(t), timeZone) !== offsetMs) {
      fromMs = firstChange(timeZone, timeZoneOffsetMs(new Date(t), timeZone), t, t + HOUR_MS);
      break;
    }
  }
  return { timeZone, offsetMs, fromMs, untilMs };
}

/** The wall clock of `zone` at `instant`: by arithmetic when `zone` is a span holding the instant, else via Intl. */
export function wallClock(instant: Date, zone: ZoneRef): ZonedParts {
  if (typeof zone === 'string') return zonedParts(instant, zone);
  const ms = instant.getTime();
  if (ms < zone.fromMs || ms >= zone.untilMs) return zonedParts(instant, zone.timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + zone.offsetMs);
  return {
    date: wall.toISOString().slice(0, 10),
    hours: wall.getUTCHours(),
    minutes: wall.getUTCMinutes(),
    seconds: wall.getUTCSeconds(),
  };
}
