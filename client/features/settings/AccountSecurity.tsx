import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/domain/limits';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { changeEmail, useChangePassword } from '../../api/account';
import { useAuth } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { FormAlert } from '../account/AccountFrame';

type Open = 'none' | 'email' | 'password';

function Field(props: {
  id: string;
  label: string;
  type: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  min?: number;
  max: number;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type={props.type}
        autoComplete={props.autoComplete}
        required
        minLength={props.min}
        maxLength={props.max}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** Settings > Account: the email (verified or not), a change of email and a change of password. */
export function AccountSecurity() {
  const id = useId();
  const { user } = useAuth();
  const [open, setOpen] = useState<Open>('none');
  const [newEmail, setNewEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const emailChange = useMutation({ mutationFn: () => changeEmail({ newEmail, currentPassword: current }) });
  const passwordChange = useChangePassword();
  if (!user) return null;
  if (user.isDemo)
    return <p className="text-muted-foreground text-sm">Demo accounts have no email or password.</p>;

  const show = (which: Open) => {
    setOpen(open === which ? 'none' : which);
    setCurrent('');
    setNext('');
    emailChange.reset();
    passwordChange.reset();
  };
  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    if (!emailChange.isPending) emailChange.mutate();
  };
  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    if (!passwordChange.isPending) passwordChange.mutate({ currentPassword: current, newPassword: next });
  };

  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <p className="text-muted-foreground text-xs">Email</p>
        <p className="break-all font-medium">{user.email}</p>
        <p className={user.emailVerified ? 'text-brand-ink text-xs' : 'text-muted-foreground text-xs'}>
          {user.emailVerified ? 'Verified' : 'Not verified yet'}
        </p>
      </div>
      {/* Side by side where both fit, one under the other on a 320 px phone. */}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="flex-1 basis-40"
          aria-expanded={open === 'email'}
          onClick={() => show('email')}
        >
          Change email
        </Button>
        <Button
          variant="secondary"
          className="flex-1 basis-40"
          aria-expanded={open === 'password'}
          onClick={() => show('password')}
        >
          Change password
        </Button>
      </div>
      {open === 'email' ? (
        <form
          onSubmit={submitEmail}
          className="flex flex-col gap-3 border-border border-t pt-3"
          aria-label="Change email"
        >
          {emailChange.isSuccess ? (
            <p role="status">{emailChange.data.message}</p>
          ) : (
            <>
              <Field
                id={`${id}-new-email`}
                label="New email"
                type="email"
                autoComplete="email"
                value={newEmail}
                onChange={setNewEmail}
                max={EMAIL_MAX_LENGTH}
              />
              <Field
                id={`${id}-email-pw`}
                label="Current password"
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={setCurrent}
                max={PASSWORD_MAX_LENGTH}
              />
              {emailChange.isError ? <FormAlert>{errorMessage(emailChange.error)}</FormAlert> : null}
              <Button type="submit" disabled={emailChange.isPending}>
                {emailChange.isPending ? 'Sending...' : 'Send confirmation link'}
              </Button>
            </>
          )}
        </form>
      ) : null}
      {open === 'password' ? (
        <form
          onSubmit={submitPassword}
          className="flex flex-col gap-3 border-border border-t pt-3"
          aria-label="Change password"
        >
          {passwordChange.isSuccess ? (
            <p role="status">Password changed. Every other device was signed out.</p>
          ) : (
            <>
              <Field
                id={`${id}-cur`}
                label="Current password"
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={setCurrent}
                max={PASSWORD_MAX_LENGTH}
              />
              <Field
                id={`${id}-next`}
                label="New password"
                type="password"
                autoComplete="new-password"
                value={next}
                onChange={setNext}
                min={PASSWORD_MIN_LENGTH}
                max={PASSWORD_MAX_LENGTH}
              />
              {passwordChange.isError ? <FormAlert>{errorMessage(passwordChange.error)}</FormAlert> : null}
              <Button type="submit" disabled={passwordChange.isPending}>
                {passwordChange.isPending ? 'Saving...' : 'Save new password'}
              </Button>
            </>
          )}
        </form>
      ) : null}
    </div>
  );
}
