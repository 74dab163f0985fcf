import { EMAIL_MAX_LENGTH } from '@shared/domain/limits';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { forgotPassword } from '../../api/account';
import { errorMessage } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { FormAlert } from './AccountFrame';

/** "Forgot password?" on the sign-in screen: the same answer whether or not the email has an account. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const request = useMutation({ mutationFn: () => forgotPassword(email) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!request.isPending) request.mutate();
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card/70 p-4 backdrop-blur"
    >
      <h2 id={`${id}-title`} className="font-bold text-lg">
        Reset your password
      </h2>
      {request.isSuccess ? (
        <p role="status" className="text-sm leading-relaxed">
          {request.data.message}
        </p>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">We will email you a link to choose a new password.</p>
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
          {request.isError ? <FormAlert>{errorMessage(request.error)}</FormAlert> : null}
          <Button type="submit" variant="secondary" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </>
      )}
      <Button variant="link" className="self-center" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
