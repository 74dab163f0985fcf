import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { cancelProviderSignup, completeProviderSignup, usePendingProviderSignup } from '../../api/auth';
import { errorMessage, errorStatus } from '../../api/errors';
import { browserTimeZone } from '../../lib/time-zone';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Spinner } from '../../ui/Spinner';
import { PROVIDER_NAMES } from './provider-return';

function todayIso(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

const backToSignIn = () => window.location.replace('/register');

/**
 * A new account from a provider passes the same age gate as an email sign-up: the provider vouched for the
 * email, this step asks for the date of birth, and the account exists only once the server accepted it.
 */
export function ProviderBirthDateStep() {
  useDocumentTitle('Create your account');
  const id = useId();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const pending = usePendingProviderSignup();

  const create = useMutation({
    mutationFn: () => completeProviderSignup({ dateOfBirth, timeZone: browserTimeZone() }),
    // Signed in: a fresh load at Home (this address is the signed-out sign-in screen's).
    onSuccess: () => window.location.replace('/'),
  });
  const cancel = useMutation({
    mutationFn: cancelProviderSignup,
    onSettled: backToSignIn,
  });

  if (pending.isPending) {
    return (
      <div className="mt-10 flex justify-center">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (!pending.data || pending.isError) {
    const expired = errorStatus(pending.error) === 410;
    return (
      <Panel title={expired ? 'This sign-in has expired' : 'Something went wrong'}>
        <p role="alert" className="text-muted-foreground text-sm">
          {expired ? 'This sign-in has expired. Please try again.' : errorMessage(pending.error)}
        </p>
        <Button size="lg" className="w-full" onClick={backToSignIn}>
          Back to sign-in
        </Button>
      </Panel>
    );
  }

  const { provider, email, minAge } = pending.data;
  // Under age, expired or already an account: the server forgot the identity, so only going back makes sense.
  const status = create.isError ? errorStatus(create.error) : null;
  const closed = status === 409 || status === 410 || (status === 400 && !isTypo(create.error));
  const busy = create.isPending || create.isSuccess;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !closed) create.mutate();
  };

  return (
    <Panel title="One last step">
      <p className="text-muted-foreground text-sm leading-relaxed">
        You signed in with {PROVIDER_NAMES[provider]} as{' '}
        <span className="break-words font-semibold text-foreground">{email}</span>. Enter your date of birth
        to create your SweatPact account.
      </p>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-dob`}>Date of birth</Label>
          <Input
            id={`${id}-dob`}
            type="date"
            required
            max={todayIso()}
            min="1900-01-01"
            value={dateOfBirth}
            disabled={closed}
            onChange={(e) => setDateOfBirth(e.target.value)}
            aria-describedby={`${id}-dob-hint`}
          />
          <p id={`${id}-dob-hint`} className="text-muted-foreground text-xs">
            You must be at least {minAge} to use SweatPact.
          </p>
        </div>
        {create.isError ? (
          <p
            role="alert"
            className="rounded-xl border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-destructive-ink text-sm"
          >
            {errorMessage(create.error)}
          </p>
        ) : null}
        {closed ? (
          <Button size="lg" className="w-full" onClick={backToSignIn}>
            Back to sign-in
          </Button>
        ) : (
          <>
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? <Spinner className="size-5" label="Please wait" /> : null}
              {busy ? 'Creating Account...' : 'Create Account'}
            </Button>
            <Button
              variant="ghost"
              size="lg"
              className="w-full"
              disabled={busy || cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              Cancel
            </Button>
          </>
        )}
      </form>
    </Panel>
  );
}

/** An implausible date (a typo) keeps the step open; the server names the field. */
function isTypo(error: unknown): boolean {
  return errorMessage(error).startsWith('dateOfBirth');
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="provider-step-title"
      className="mt-10 flex flex-col gap-4 rounded-2xl border border-border bg-card/70 p-4 backdrop-blur"
    >
      <h2 id="provider-step-title" className="font-bold text-xl tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
