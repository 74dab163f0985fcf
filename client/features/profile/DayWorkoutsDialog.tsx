import type { CalendarDay } from '@shared/api/calendar';
import { amountText } from '@shared/domain/exercises';
import { CheckCircle2, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/Dialog';
import { dayTitle } from './calendar-grid';

function timeOf(iso: string, timeZone: string): string {
  try {
    return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  } catch {
    return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  }
}

/** The approved workouts of one calendar day, each opening its Pact's chat. */
export function DayWorkoutsDialog({
  day,
  timeZone,
  onClose,
}: {
  day: CalendarDay | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={day !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{day ? dayTitle(day.date) : ''}</DialogTitle>
          <DialogDescription>
            {day?.workouts.length === 1
              ? '1 approved workout'
              : `${day?.workouts.length ?? 0} approved workouts`}
          </DialogDescription>
        </DialogHeader>
        <ul className="grid grid-cols-1 gap-2">
          {day?.workouts.map((workout) => (
            <li key={workout.proofId}>
              <Link
                href={`/chat/${workout.pactId}`}
                className="flex items-center gap-3 rounded-xl border border-border p-3 transition-colors hover:bg-secondary"
              >
                <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold text-sm">{workout.pactTitle}</span>
                  <span className="text-muted-foreground text-xs">
                    {amountText(workout.value, workout.exerciseType)} · {timeOf(workout.time, timeZone)}
                  </span>
                </span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
