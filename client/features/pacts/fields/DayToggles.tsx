import type { Weekday } from '@shared/domain/time';
import { cn } from '../../../lib/cn';
import { DAY_TOGGLES, toggleDay } from '../wizard/wizard-content';

/** Mon..Sun toggle buttons for a Pact's schedule days. */
export function DayToggles({
  value,
  onChange,
  disabled,
}: {
  value: readonly Weekday[];
  onChange: (days: Weekday[]) => void;
  disabled?: boolean;
}) {
  // Seven in a row where 44 px each fit, else wrapped onto two rows (320 px phones, dialogs).
  return (
    <fieldset className="grid grid-cols-[repeat(auto-fit,minmax(2.75rem,1fr))] gap-1.5">
      <legend className="sr-only">Schedule days</legend>
      {DAY_TOGGLES.map(({ day, short }) => {
        const on = value.includes(day);
        return (
          <button
            key={day}
            type="button"
            aria-pressed={on}
            aria-label={day.charAt(0).toUpperCase() + day.slice(1)}
            disabled={disabled}
            onClick={() => onChange(toggleDay(value, day))}
            className={cn(
              'flex h-12 items-center justify-center rounded-xl border font-semibold text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
              on
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-input bg-card text-muted-foreground hover:text-foreground',
            )}
          >
            {short}
          </button>
        );
      })}
    </fieldset>
  );
}
