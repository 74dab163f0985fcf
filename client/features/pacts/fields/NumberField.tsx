import { useEffect, useState } from 'react';
import { Input } from '../../../ui/Input';

/**
 * A whole-number input that keeps what is typed while editing and reports the parsed value (the wizard's parse
 * rules come in as `parse`); on blur the text snaps to the parsed value. With `adjustedNote`, a typed number that
 * will be saved as another one (a price below the minimum) says so under the field at once, not only after blur.
 */
export function NumberField({
  id,
  value,
  parse,
  onValue,
  min,
  max,
  disabled,
  describedBy,
  className,
  prefix,
  adjustedNote,
}: {
  id: string;
  value: number;
  parse: (text: string) => number;
  onValue: (value: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
  /** Shown inside the field before the number ('$'). */
  prefix?: string;
  adjustedNote?: (saved: number) => string;
}) {
  const [text, setText] = useState(String(value));
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    setText((current) => (parse(current) === value ? current : String(value)));
  }, [value, parse]);
  const noteId = `${id}-adjusted`;
  const adjusted = (typed: string) => {
    const saved = parse(typed);
    return adjustedNote && typed.trim() !== '' && String(saved) !== typed.trim() ? adjustedNote(saved) : null;
  };
  const input = (
    <Input
      id={id}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={text}
      disabled={disabled}
      aria-describedby={[describedBy, note ? noteId : null].filter(Boolean).join(' ') || undefined}
      className={className}
      onChange={(event) => {
        setText(event.target.value);
        setNote(adjusted(event.target.value));
        onValue(parse(event.target.value));
      }}
      onBlur={() => setText(String(parse(text)))}
    />
  );
  if (!prefix && !adjustedNote) return input;
  return (
    <div className="grid gap-1.5">
      <div className="relative">
        {prefix ? (
          <span
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-4 font-semibold text-muted-foreground"
            aria-hidden="true"
          >
            {prefix}
          </span>
        ) : null}
        {input}
      </div>
      {note ? (
        <p id={noteId} role="status" className="font-medium text-amber-700 text-xs dark:text-warning">
          {note}
        </p>
      ) : null}
    </div>
  );
}
