import type { CalendarDay } from '@shared/api/calendar';
import { localDate } from '@shared/domain/time';
import { Snowflake } from 'lucide-react';
import { useState } from 'react';
import { useCalendar } from '../../api/users';
import { cn } from '../../lib/cn';
import { Card } from '../../ui/Card';
import { buildMonthGrid, monthTitle, WEEKDAY_INITIALS } from './calendar-grid';
import { DayWorkoutsDialog } from './DayWorkoutsDialog';

/**
 * The current month (in the user's time zone) with a green dot on each day that has an approved workout (a dotted
 * day opens that day's workouts), and a snowflake on each missed day a streak freeze stood in for.
 */
export function WorkoutCalendar({ timeZone }: { timeZone: string }) {
  const today = localDate(new Date(), timeZone);
  const month = today.slice(0, 7);
  const { data } = useCalendar(month);
  const byDate = new Map((data ?? []).map((day) => [day.date, day]));
  const anyFrozen = (data ?? []).some((day) => day.frozen);
  const [open, setOpen] = useState<CalendarDay | null>(null);
  const weeks = buildMonthGrid(month);

  // Below 360 px the month spans the screen edge to edge, so each day keeps a 44 px target.
  return (
    <Card className="p-4 max-[359px]:-mx-4 max-[359px]:rounded-none max-[359px]:border-x-0 max-[359px]:px-0">
      <div className="mb-3 flex items-center justify-between max-[359px]:px-4">
        <h2 className="font-bold text-base tracking-tight">{monthTitle(month)}</h2>
        <span className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-muted-foreground text-xs">
          <span className="flex items-center gap-1.5 whitespace-nowrap">
            <span className="size-2 rounded-full bg-success" aria-hidden="true" />
            Workout done
          </span>
          {anyFrozen ? (
            <span className="flex items-center gap-1 whitespace-nowrap">
              <Snowflake className="size-3 text-sky-500" aria-hidden="true" />
              Frozen
            </span>
          ) : null}
        </span>
      </div>
      <table className="w-full table-fixed border-separate border-spacing-y-1 text-center">
        <thead>
          <tr>
            {WEEKDAY_INITIALS.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: weekday initials repeat (T, S)
              <th key={i} scope="col" className="pb-1 font-semibold text-muted-foreground text-xs">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)?.date}>
              {week.map((cell, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no date; their place is their identity
                if (!cell) return <td key={`blank-${i}`} />;
                const entry = byDate.get(cell.date);
                const frozen = entry?.frozen === true;
                const day = entry && !frozen ? entry : undefined;
                const isToday = cell.date === today;
                const label = day
                  ? `${cell.date}: ${day.workouts.length} workouts`
                  : frozen
                    ? `${cell.date}: frozen, a streak freeze kept your streak`
                    : cell.date;
                return (
                  <td key={cell.date}>
                    <button
                      type="button"
                      disabled={!day}
                      onClick={() => day && setOpen(day)}
                      aria-label={label}
                      data-frozen={frozen || undefined}
                      className={cn(
                        'relative mx-auto flex size-11 flex-col items-center justify-center rounded-full font-medium text-sm tabular-nums transition-colors disabled:cursor-default',
                        day ? 'hover:bg-secondary' : 'text-foreground/80',
                        frozen &&
                          'bg-sky-500/15 text-sky-700 ring-1 ring-sky-500/50 ring-inset dark:text-sky-300',
                        isToday && 'bg-primary font-bold text-primary-foreground hover:bg-primary/90',
                      )}
                    >
                      {cell.day}
                      {day ? (
                        <span
                          data-testid="workout-dot"
                          className={cn(
                            'absolute bottom-0.5 size-1.5 rounded-full',
                            isToday ? 'bg-primary-foreground' : 'bg-success',
                          )}
                        />
                      ) : null}
                      {frozen ? (
                        <Snowflake
                          aria-hidden="true"
                          data-testid="frozen-day"
                          className="absolute bottom-0.5 size-2.5 text-sky-500"
                        />
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <DayWorkoutsDialog day={open} timeZone={timeZone} onClose={() => setOpen(null)} />
    </Card>
  );
}
