/** The profile calendar: any month as weeks starting on Monday, with blanks before day 1. */

export interface CalendarCell {
  day: number;
  /** 'YYYY-MM-DD' */
  date: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function parseMonth(month: string): { year: number; mon: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  return { year: Number(match[1]), mon: Number(match[2]) };
}

export function daysInMonth(month: string): number {
  const { year, mon } = parseMonth(month);
  return new Date(Date.UTC(year, mon, 0)).getUTCDate();
}

/** Blank cells before day 1 when weeks start on Monday (0 when the month starts on a Monday). */
export function leadingBlanks(month: string): number {
  const { year, mon } = parseMonth(month);
  const weekday = new Date(Date.UTC(year, mon - 1, 1)).getUTCDay(); // 0 = Sunday
  return (weekday + 6) % 7;
}

/** Rows of 7 cells; null is a blank before day 1 or after the last day. */
export function buildMonthGrid(month: string): (CalendarCell | null)[][] {
  const cells: (CalendarCell | null)[] = Array.from({ length: leadingBlanks(month) }, () => null);
  const total = daysInMonth(month);
  for (let day = 1; day <= total; day += 1) cells.push({ day, date: `${month}-${pad2(day)}` });
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarCell | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const WEEKDAY_INITIALS = ['M', 'T', 'W', 'T', 'F', 'S', 'S'] as const;

/** 'March 2026' */
export function monthTitle(month: string): string {
  const { year, mon } = parseMonth(month);
  return new Date(Date.UTC(year, mon - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Monday, March 2' for a 'YYYY-MM-DD' date. */
export function dayTitle(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
