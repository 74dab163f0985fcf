import {
  type ActivityItem,
  type ActivityQuery,
  HOME_ACTIVITY_LIMIT,
  type RemindersResponse,
} from '../../../shared/api/activity';
import {
  addDays,
  localDate,
  offsetSpan,
  weekdayOf,
  zonedWallClockToInstant,
} from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { SessionUser } from '../session/guard';
import { getSettings } from '../settings/service';
import * as repo from './repo';

/** Home's Activity tabs and the reminder list. */

/** How far back Near You looks for recent workouts. */
const NEAR_YOU_DAYS = 7;

type Row = Awaited<ReturnType<typeof repo.nearYou>>[number];
const present = (row: Row): ActivityItem => ({ ...row, at: row.at.toISOString() });

export async function listActivity(
  ctx: AppContext,
  me: SessionUser,
  tab: ActivityQuery['tab'] & string,
  now = new Date(),
): Promise<ActivityItem[]> {
  const today = localDate(now, me.timeZone);
  if (tab === 'near') {
    const rows = await repo.nearYou(ctx.db, me.id, addDays(today, -NEAR_YOU_DAYS), HOME_ACTIVITY_LIMIT);
    return rows.sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id).map(present);
  }
  // "Today" is the caller's local day; authors in other zones may have recorded it on a neighbouring date.
  const from = zonedWallClockToInstant(today, '00:00', me.timeZone);
  const to = zonedWallClockToInstant(addDays(today, 1), '00:00', me.timeZone);
  const rows = await repo.friendsToday(
    ctx.db,
    me.id,
    { from, to, days: [addDays(today, -1), addDays(today, 1)] },
    HOME_ACTIVITY_LIMIT,
  );
  return rows.map(present);
}

export async function listReminders(
  ctx: AppContext,
  me: SessionUser,
  now = new Date(),
): Promise<RemindersResponse> {
  const today = localDate(now, me.timeZone);
  const [rows, settings] = await Promise.all([
    repo.remindersFor(ctx.db, me.id, today, weekdayOf(today)),
    getSettings(ctx, me.id),
  ]);
  const span = offsetSpan(now, me.timeZone);
  return {
    date: today,
    timeZone: me.timeZone,
    offset: {
      offsetSeconds: span.offsetMs / 1000,
      from: new Date(span.fromMs).toISOString(),
      until: new Date(span.untilMs).toISOString(),
    },
    workoutNotifications: settings.workoutNotifications,
    items: rows.map((row) => ({
      challengeId: row.challengeId,
      title: row.title,
      workoutTime: row.workoutTime!,
    })),
  };
}
