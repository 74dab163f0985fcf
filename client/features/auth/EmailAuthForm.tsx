import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/domain/limits';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { signInWithEmail, useRefreshAuth } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { PasswordInput } from '../../ui/PasswordInput';
import { Spinner } from '../../ui/Spinner';
import { reloadSoon, signUp } from './sign-in-actions';

type Mode = 'signin' | 'signup';

const ForgotPasswordForm = lazy(() =>
  import('../account/ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm })),
);

function todayIso(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** Email sign-in and account creation; the server's message (e.g. the age refusal) is shown as is. */
export function EmailAuthForm() {
  const id = useId();
  const refreshAuth = useRefreshAuth();
  const [mode, setMode] = useState<Mode>('signin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [forgot, setForgot] = useState(false);

  const submit = useMutation({
    mutationFn: () =>
      mode === 'signin' ? signInWithEmail({ email, password }) : signUp({ email, password, dateOfBirth }),
    onSuccess: async () => {
      await refreshAuth();
      reloadSoon();
    },
  });

  const switchMode = (next: Mode) => {
    setMode(next);
    submit.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!submit.isPending) submit.mutate();
  };

  const busy = submit.isPending || submit.isSuccess;
  const tabClass = (active: boolean) =>
    cn(
      'h-11 flex-1 rounded-lg font-semibold text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
      active ? 'bg-segment text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
    );

  if (forgot) {
    return (
      <Suspense fallback={<Spinner className="mx-auto size-5" label="Loading" />}>
        <ForgotPasswordForm initialEmail={email} onBack={() => setForgot(false)} />
      </Suspense>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card/70 p-4 backdrop-blur"
    >
      <div className="flex gap-1 rounded-xl bg-muted p-1">
        <button
          type="button"
          aria-pressed={mode === 'signin'}
          className={tabClass(mode === 'signin')}
          onClick={() => switchMode('signin')}
        >
          Sign in
        </button>
        <button
          type="button"
          aria-pressed={mode === 'signup'}
          className={tabClass(mode === 'signup')}
          onClick={() => switchMode('signup')}
        >
          Create account
        </button>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <PasswordInput
          id={`${id}-password`}
          autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
          required
          minLength={mode === 'signup' ? PASSWORD_MIN_LENGTH : 1}
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={mode === 'signup' ? `${id}-password-hint` : undefined}
        />
        {mode === 'signup' ? (
          <p id={`${id}-password-hint`} className="text-muted-foreground text-xs">
            {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters.
          </p>
        ) : (
          <button
            type="button"
            className="min-h-11 self-end font-medium text-brand-ink text-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => setForgot(true)}
          >
            Forgot password?
          </button>
        )}
      </div>
      {mode === 'signup' ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-dob`}>Date of birth</Label>
          <Input
            id={`${id}-dob`}
            type="date"
            required
            max={todayIso()}
            min="1900-01-01"
            value={dateOfBirth}
            onChange={(e) => setDateOfBirth(e.target.value)}
            aria-describedby={`${id}-dob-hint`}
          />
          <p id={`${id}-dob-hint`} className="text-muted-foreground text-xs">
            You must be at least 13 to use SweatPact.
          </p>
        </div>
      ) : null}

      {submit.isError ? (
        <p
          role="alert"
          className="rounded-xl border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-destructive-ink text-sm"
        >
          {errorMessage(submit.error, 'Something went wrong. Please try again.')}
        </p>
      ) : null}

      <Button type="submit" variant="secondary" size="lg" className="w-full" disabled={busy}>
        {busy ? <Spinner className="size-5" label="Please wait" /> : null}
        {/* Sign-up's second step, Complete Your Profile, ends with SPEC's 'Create Account': this one leads there. */}
        {mode === 'signin' ? 'Sign in' : 'Continue'}
      </Button>
    </form>
  );
}
