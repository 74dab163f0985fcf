import type { AuthUser } from '@shared/api/auth';
import { NAME_MAX_LENGTH } from '@shared/domain/limits';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useRefreshAuth } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { updateProfile } from '../../api/users';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/Dialog';
import { Label } from '../../ui/Label';
import { LimitedInput } from '../../ui/LimitedField';
import { useSignOut } from './use-sign-out';

export const needsProfile = (user: AuthUser): boolean => !user.firstName?.trim() || !user.lastName?.trim();

/**
 * "Complete Your Profile": open whenever the signed-in user lacks a first or last name.
 * Cancel signs out: names are shown to friends, on leaderboards and in chat, so an account without one cannot
 * go on, and closing the dialog would only strand the user behind it.
 */
export function CompleteProfileDialog({ user }: { user: AuthUser }) {
  const id = useId();
  const refreshAuth = useRefreshAuth();
  const { signOut, isSigningOut } = useSignOut();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const valid = firstName.trim() !== '' && lastName.trim() !== '';

  const save = useMutation({
    mutationFn: () => updateProfile({ firstName: firstName.trim(), lastName: lastName.trim() }),
    onSuccess: () => refreshAuth(),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !save.isPending) save.mutate();
  };

  return (
    <Dialog open>
      <DialogContent
        hideClose
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Complete Your Profile</DialogTitle>
          <DialogDescription>
            Tell your workout buddies who you are. Your account is already made: Cancel signs you out, and you
            can finish this when you next sign in.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-first`}>First Name</Label>
            <LimitedInput
              id={`${id}-first`}
              autoComplete="given-name"
              max={NAME_MAX_LENGTH}
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              autoFocus
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-last`}>Last Name</Label>
            <LimitedInput
              id={`${id}-last`}
              autoComplete="family-name"
              max={NAME_MAX_LENGTH}
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
            />
          </div>
          {valid ? null : (
            <p role="alert" className="text-muted-foreground text-sm">
              Please enter both first and last name
            </p>
          )}
          {save.isError ? (
            <p role="alert" className="text-destructive-ink text-sm">
              {errorMessage(save.error)}
            </p>
          ) : null}
          <DialogFooter className="flex-row gap-3">
            <Button
              variant="outline"
              className="flex-1"
              onClick={signOut}
              disabled={isSigningOut || save.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" className="flex-1" disabled={!valid || save.isPending || isSigningOut}>
              {save.isPending ? 'Creating Account...' : 'Create Account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
