import type { AuthUser } from '@shared/api/auth';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useRefreshAuth } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { FAIL_WHEN_OFFLINE } from '../../api/query-client';
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
import { UsernameField, useUsernameCheck } from '../profile/UsernameField';
import { usernameBlocksSave, usernameToSave } from '../profile/username-check';
import { NameFields, type Names, namesComplete } from './NameFields';
import { useSignOut } from './use-sign-out';

export const needsProfile = (user: AuthUser): boolean => !user.firstName?.trim() || !user.lastName?.trim();

/**
 * "Complete Your Profile": open whenever the signed-in user lacks a first or last name.
 * Cancel signs out: names are shown to friends, on leaderboards and in chat, so an account without one cannot
 * go on, and closing the dialog would only strand the user behind it.
 */
export function CompleteProfileDialog({ user }: { user: AuthUser }) {
  const refreshAuth = useRefreshAuth();
  const { signOut, isSigningOut } = useSignOut();
  const [names, setNames] = useState<Names>({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
  });
  const [username, setUsername] = useState(user.username);
  const usernameCheck = useUsernameCheck(username, user.username);
  const valid = namesComplete(names) && !usernameBlocksSave(usernameCheck);

  const save = useMutation({
    ...FAIL_WHEN_OFFLINE,
    mutationFn: () => {
      const chosen = usernameToSave(usernameCheck);
      return updateProfile({
        firstName: names.firstName.trim(),
        lastName: names.lastName.trim(),
        ...(chosen ? { username: chosen } : {}),
      });
    },
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
          <NameFields names={names} onChange={setNames} autoFocus />
          <UsernameField value={username} onChange={setUsername} check={usernameCheck} />
          {save.isError ? (
            <p role="alert" className="text-destructive-ink text-sm">
              {errorMessage(save.error)}
            </p>
          ) : null}
          <DialogFooter className="flex-row flex-wrap-reverse gap-3">
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
