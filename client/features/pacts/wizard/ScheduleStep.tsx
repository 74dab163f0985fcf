import { formatWorkoutTime } from '@shared/domain/time';
import type { WizardState } from '@shared/domain/wizard';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Input';
import { Label } from '../../../ui/Label';
import { DayToggles } from '../fields/DayToggles';
import { scheduleSummary } from './wizard-content';

/** Step 4: the days of the week and the daily workout time (none: an all-day Pact). */
export function ScheduleStep({
  state,
  onChange,
}: {
  state: WizardState;
  onChange: (s: WizardState) => void;
}) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <div className="flex items-baseline justify-between">
          <span className="font-medium text-sm">Workout days</span>
          <span className="text-muted-foreground text-xs">
            {state.scheduleDays.length > 0 ? scheduleSummary(state.scheduleDays) : 'Pick at least one day'}
          </span>
        </div>
        <DayToggles
          value={state.scheduleDays}
          onChange={(days) => onChange({ ...state, scheduleDays: days })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="wizard-time">Workout time</Label>
        <div className="flex gap-2">
          <Input
            id="wizard-time"
            type="time"
            value={state.workoutTime}
            aria-describedby="wizard-time-hint"
            onChange={(e) => onChange({ ...state, workoutTime: e.target.value })}
          />
          {state.workoutTime ? (
            <Button variant="ghost" className="h-12" onClick={() => onChange({ ...state, workoutTime: '' })}>
              Clear
            </Button>
          ) : null}
        </div>
        <p id="wizard-time-hint" className="text-muted-foreground text-xs">
          {state.workoutTime
            ? `Everyone starts at ${formatWorkoutTime(state.workoutTime)} their local time.`
            : 'No time set: an all-day Pact, start whenever you like.'}
        </p>
      </div>
    </div>
  );
}
