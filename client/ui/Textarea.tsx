import { type ComponentProps, forwardRef } from 'react';
import { cn } from '../lib/cn';
import { fieldClass } from './Input';

export const Textarea = forwardRef<HTMLTextAreaElement, ComponentProps<'textarea'>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(fieldClass, 'min-h-20 resize-y py-3', className)} {...props} />;
});
