import { type ClipboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { charactersLeftOut, lengthHint } from './length-limit';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * A length limit a person can see: spread `fieldProps` on the input or textarea and render `hint` under it. The
 * hint counts the characters near the limit and says so when a paste did not fit whole (length-limit.ts). The
 * field's own `aria-describedby` and `onPaste`, if any, go in `describedBy` and `onPaste` and are kept.
 */
export function useLengthLimit<E extends TextField = TextField>(
  value: string,
  max: number,
  describedBy?: string,
  onPaste?: (event: ClipboardEvent<E>) => void,
) {
  const id = useId();
  const [leftOut, setLeftOut] = useState(0);
  const pasting = useRef(false);
  const full = value.length >= max;
  // The word about a cut paste lasts until the text changes some other way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the text changes
  useEffect(() => {
    if (pasting.current) pasting.current = false;
    else setLeftOut(0);
  }, [value]);
  const text = lengthHint(value.length, max, leftOut);
  return {
    fieldProps: {
      maxLength: max,
      'aria-describedby': [describedBy, text ? id : undefined].filter(Boolean).join(' ') || undefined,
      onPaste: (event: ClipboardEvent<E>) => {
        const field = event.currentTarget;
        const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
        const pasted = event.clipboardData.getData('text').length;
        const cut = charactersLeftOut({ length: field.value.length, selected }, pasted, max);
        pasting.current = cut > 0;
        setLeftOut(cut);
        onPaste?.(event);
      },
    },
    hint: text ? (
      <p
        id={id}
        aria-live="polite"
        className={cn(
          'text-right text-xs',
          full && leftOut > 0 ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {text}
      </p>
    ) : null,
  };
}
