import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, forwardRef, useState } from 'react';
import { cn } from '../lib/cn';
import { Input } from './Input';

/**
 * A password field with a show/hide toggle (the eye at its end), so people can check what they typed on a phone
 * keyboard. The toggle is a real button with its state (`aria-pressed`) and never submits the form.
 */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<ComponentProps<'input'>, 'type'>>(
  function PasswordInput({ className, ...props }, ref) {
    const [shown, setShown] = useState(false);
    return (
      <div className="relative">
        <Input ref={ref} type={shown ? 'text' : 'password'} className={cn('pr-12', className)} {...props} />
        <button
          type="button"
          aria-label="Show password"
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {shown ? (
            <EyeOff className="size-5" aria-hidden="true" />
          ) : (
            <Eye className="size-5" aria-hidden="true" />
          )}
        </button>
      </div>
    );
  },
);
