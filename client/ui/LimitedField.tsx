import type { ComponentProps } from 'react';
import { Input } from './Input';
import { Textarea } from './Textarea';
import { useLengthLimit } from './use-length-limit';

type Limited<P> = Omit<P, 'maxLength' | 'value'> & { value: string; max: number };

/** An Input whose length limit shows: a count near it, and a word when a paste did not fit whole. */
export function LimitedInput({ max, ...props }: Limited<ComponentProps<typeof Input>>) {
  const limit = useLengthLimit(props.value, max, props['aria-describedby'], props.onPaste);
  return (
    <>
      <Input {...props} {...limit.fieldProps} />
      {limit.hint}
    </>
  );
}

/** A Textarea whose length limit shows, as LimitedInput's does. */
export function LimitedTextarea({ max, ...props }: Limited<ComponentProps<typeof Textarea>>) {
  const limit = useLengthLimit(props.value, max, props['aria-describedby'], props.onPaste);
  return (
    <>
      <Textarea {...props} {...limit.fieldProps} />
      {limit.hint}
    </>
  );
}
