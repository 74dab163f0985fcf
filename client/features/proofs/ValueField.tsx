import { TARGET_VALUE_MAX } from '@shared/domain/limits';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';

/** Reads the claimed value: a whole number 0..10000, else null. */
export function parseProofValue(raw: string): number | null {
  if (!/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value <= TARGET_VALUE_MAX ? value : null;
}

/** Reps or seconds claimed with a proof, starting at the Pact's target. */
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
  return (
    <div className={className}>
      <Label htmlFor={id} className="text-xs">
        Reps or seconds ({unit})
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
        aria-invalid={parseProofValue(value) === null}
        className="mt-1 h-10"
      />
    </div>
  );
}
