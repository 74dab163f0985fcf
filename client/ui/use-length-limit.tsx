import { type ClipboardEvent, useEffect, useId, useState } from 'react';
import { cn } from '../lib/cn';
import { charactersLeftOut, lengthHint } from './length-limit';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * A length limit a person can see: spread `fieldProps` on the input or textarea and render `hint` under it. The
 * hint counts the characters near the limit and says so when a paste did not fit whole (length-limit.ts). The
 * field's own `aria-describedby`, if any, goes in `describedBy` and is kept.
 */
export function useLengthLimit(value: string, max: number, describedBy?: string) {
  const id = useId();
  const [leftOut, setLeftOut] = useState(0);
  const full = value.length >= max;
  useEffect(() => {
    if (!full) setLeftOut(0);
  }, [full]);
  const text = lengthHint(value.length, max, leftOut);
  return {
    fieldProps: {
      maxLength: max,
      'aria-describedby': [describedBy, text ? id : undefined].filter(Boolean).join(' ') || undefined,
      onPaste: (event: ClipboardEvent<TextField>) => {
        const field = event.currentTarget;
        const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
        const pasted = event.clipboardData.getData('text').length;
        setLeftOut(charactersLeftOut({ length: field.value.length, selected }, pasted, max));
      },
    },
    hint: text ? (
      <p
        id={id}
        aria-live="polite"
        className={cn('text-right text-xs', full ? 'text-destructive' : 'text-muted-foreground')}
      >
        {text}
      </p>
    ) : null,
  };
}
