import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/domain/limits';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { resetPassword } from '../../api/account';
import { errorMessage } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { AccountFrame, FormAlert, tokenFromLocation } from './AccountFrame';

/** /reset-password?token=: the mailed reset link. A new password ends every session, this browser's too. */
export function ResetPasswordPage() {
  const id = useId();
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: () => resetPassword({ token: tokenFromLocation(), newPassword: password }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reset.isPending) reset.mutate();
  };
  if (reset.isSuccess) {
    return (
      <AccountFrame title="Password changed">
        <p className="text-sm">Every device was signed out. Sign in with your new password.</p>
        <Button size="lg" className="w-full" onClick={() => window.location.assign('/register')}>
          Sign in
        </Button>
      </AccountFrame>
    );
  }
  return (
    <AccountFrame title="Choose a new password">
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-password`}>New password</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {PASSWORD_MIN_LENGTH} to {PASSWORD_MAX_LENGTH} characters. Every device will be signed out.
          </p>
        </div>
        {reset.isError ? <FormAlert>{errorMessage(reset.error)}</FormAlert> : null}
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </AccountFrame>
  );
}
