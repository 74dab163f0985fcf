import { useEffect, useState } from 'react';
import { Input } from '../../../ui/Input';

/**
 * A whole-number input that keeps what is typed while editing and reports the parsed value (the wizard's parse
 * rules come in as `parse`); on blur the text snaps to the parsed value.
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
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((current) => (parse(current) === value ? current : String(value)));
  }, [value, parse]);
  return (
    <Input
      id={id}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={text}
      disabled={disabled}
      aria-describedby={describedBy}
      className={className}
      onChange={(event) => {
        setText(event.target.value);
        onValue(parse(event.target.value));
      }}
      onBlur={() => setText(String(parse(text)))}
    />
  );
}
