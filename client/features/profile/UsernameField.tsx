import { USERNAME_MAX_LENGTH } from '@shared/domain/username';
import { Check, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useUsernameAvailability } from '../../api/users';
import { cn } from '../../lib/cn';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { localUsernameCheck, type UsernameCheck } from './username-check';

/** Typing pauses this long before the server is asked whether the name is free. */
const DEBOUNCE_MS = 350;

/** The check of `typed` as the person types: local rules at once, the server's answer after a short pause. */
export function useUsernameCheck(typed: string, current: string): UsernameCheck {
  const local = localUsernameCheck(typed, current);
  const [settled, setSettled] = useState(local.name);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(local.name), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [local.name]);
  const ask = local.state === 'checking' && settled === local.name;
  const answer = useUsernameAvailability(local.name, ask);
  if (local.state !== 'checking' || !ask || !answer.data || answer.data.username !== local.name) {
    if (local.state === 'checking' && answer.isError)
      return { state: 'taken', name: local.name, message: 'Could not check this username. Try again' };
    return local;
  }
  return answer.data.available
    ? { state: 'available', name: local.name }
    : { state: 'taken', name: local.name, message: answer.data.message ?? 'That username is taken' };
}

/**
 * The @username field of Complete Your Profile and Edit profile: 3 to 20 of a-z, 0-9, _ and ., checked as typed
 * (shape at once, availability after a pause), with the verdict under it.
 */
export function UsernameField({
  value,
  onChange,
  check,
}: {
  value: string;
  onChange: (value: string) => void;
  check: UsernameCheck;
}) {
  const id = useId();
  const bad = check.state === 'invalid' || check.state === 'taken';
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Username</Label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 text-muted-foreground"
        >
          @
        </span>
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\s/g, ''))}
          maxLength={USERNAME_MAX_LENGTH + 1}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          autoComplete="username"
          aria-invalid={bad || undefined}
          aria-describedby={`${id}-status`}
          className="pl-7"
        />
      </div>
      <p
        id={`${id}-status`}
        aria-live="polite"
        className={cn(
          'flex min-h-5 items-center gap-1.5 text-sm',
          bad ? 'text-destructive-ink' : 'text-muted-foreground',
        )}
      >
        {check.state === 'checking' ? (
          <>
            <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
            Checking...
          </>
        ) : check.state === 'available' ? (
          <>
            <Check aria-hidden="true" className="size-3.5 text-brand-ink" />@{check.name} is available
          </>
        ) : bad ? (
          check.message
        ) : (
          '3-20 letters, digits, _ or .'
        )}
      </p>
    </div>
  );
}
