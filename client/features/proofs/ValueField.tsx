import { TARGET_VALUE_MAX } from '@shared/domain/limits';
import { formatCount } from '../../lib/count';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';

/** Reads the claimed value: a whole number 0..10000, else null. */
export function parseProofValue(raw: string): number | null {
  if (!/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value <= TARGET_VALUE_MAX ? value : null;
}

export const VALUE_HINT = `Enter a whole number from 0 to ${formatCount(TARGET_VALUE_MAX)}`;

/** The count claimed with a proof (reps, seconds, minutes or rounds: `unit`), starting at the Pact's target. */
export function ValueField({
  id,
  value,
  onChange,
  unit,
  className,
}: {
  id: string;
  value: string;
  onChange: (next: string) => void;
  unit: string;
  className?: string;
}) {
  const invalid = parseProofValue(value) === null;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <Label htmlFor={id} className="text-xs">
        {unit.charAt(0).toUpperCase() + unit.slice(1)}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={TARGET_VALUE_MAX}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={invalid ? hintId : undefined}
        className="mt-1 h-10"
      />
      {/* Send Proof waits for a valid value: say why. */}
      {invalid ? (
        <p id={hintId} role="alert" className="mt-1 font-medium text-destructive text-xs">
          {VALUE_HINT}
        </p>
      ) : null}
    </div>
  );
}
