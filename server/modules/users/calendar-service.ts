import type { CalendarDay } from '../../../shared/api/calendar';
import { localDate } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { SessionUser } from '../session/guard';
import { frozenDaysOf, listApprovedProofs } from './calendar-repo';

/** First day of the month after 'YYYY-MM', as 'YYYY-MM-DD'. */
export function nextMonthStart(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? { y: year + 1, m: 1 } : { y: year, m: mon + 1 };
  return `${String(next.y).padStart(4, '0')}-${String(next.m).padStart(2, '0')}-01`;
}

/**
 * The caller's approved workouts of one month, grouped by their local day (the day the proof was recorded in
 * their time zone), and the days of the month a streak freeze was used on (as progress last stored them), in date
 * order. Only ever the caller's own: there is no user id to pass.
 */
export async function getCalendar(
  ctx: AppContext,
  me: SessionUser,
  month: string | undefined,
  now = new Date(),
): Promise<CalendarDay[]> {
  const theMonth = month ?? localDate(now, me.timeZone).slice(0, 7);
  const from = `${theMonth}-01`;
  const to = nextMonthStart(theMonth);
  const [rows, frozen] = await Promise.all([
    listApprovedProofs(ctx.db, me.id, from, to),
    frozenDaysOf(ctx.db, me.id),
  ]);
  const days = new Map<string, CalendarDay>();
  for (const row of rows) {
    const date = String(row.recordedDay).slice(0, 10);
    let day = days.get(date);
    if (!day) {
      day = { date, workouts: [], frozen: false };
      days.set(date, day);
    }
    day.workouts.push({
      proofId: row.proofId,
      pactId: row.pactId,
      pactTitle: row.pactTitle,
      exerciseType: row.exerciseType,
      value: row.value,
      time: new Date(row.createdAt).toISOString(),
    });
  }
  for (const date of frozen) {
    if (date >= from && date < to && !days.has(date)) days.set(date, { date, workouts: [], frozen: true });
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
