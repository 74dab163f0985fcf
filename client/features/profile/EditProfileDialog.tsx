import type { AuthUser, UpdateProfileBody } from '@shared/api/auth';
import { BIO_MAX_LENGTH } from '@shared/domain/limits';
import { useMutation } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useRefreshAuth } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { FAIL_WHEN_OFFLINE } from '../../api/query-client';
import { updateProfile } from '../../api/users';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/Dialog';
import { Label } from '../../ui/Label';
import { LimitedTextarea } from '../../ui/LimitedField';
import { toast } from '../../ui/use-toast';
import { NameFields, namesComplete } from '../auth/NameFields';
import { ImagePicker } from '../media/ImagePicker';
import { profileChanges } from './profile-changes';
import { UsernameField, useUsernameCheck } from './UsernameField';
import { usernameBlocksSave, usernameToSave } from './username-check';

/**
 * Edit profile, from the Profile screen: photo, first and last name (both needed, as in Complete Your Profile), the
 * @username (checked as typed) and the bio (280 characters; empty clears it). Saved on the server, so friends, leaderboards and chats show it at once.
 */
export function EditProfileDialog({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" className="mt-3">
          <Pencil aria-hidden="true" />
          Edit profile
        </Button>
      </DialogTrigger>
      {open ? <EditProfileForm user={user} onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

function EditProfileForm({ user, onDone }: { user: AuthUser; onDone: () => void }) {
  const id = useId();
  const refreshAuth = useRefreshAuth();
  const [form, setForm] = useState({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    bio: user.bio ?? '',
  });
  const [photo, setPhoto] = useState<{ mediaId: string; preview: string } | null>(null);
  const [username, setUsername] = useState(user.username);
  const usernameCheck = useUsernameCheck(username, user.username);
  const chosen = usernameToSave(usernameCheck);
  const namesOk = namesComplete(form) && !usernameBlocksSave(usernameCheck);
  const named = profileChanges(user, form);
  const withName = chosen ? { ...named, username: chosen } : named;
  const changes = photo ? { ...withName, imageMediaId: photo.mediaId } : withName;

  const save = useMutation({
    ...FAIL_WHEN_OFFLINE,
    mutationFn: (body: UpdateProfileBody) => updateProfile(body),
    onSuccess: async () => {
      await refreshAuth();
      toast({ title: 'Profile updated', description: 'Friends see your new details now.' });
      onDone();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (namesOk && changes && !save.isPending) save.mutate(changes);
  };

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Edit profile</DialogTitle>
        <DialogDescription>Your photo, name, username and bio, as friends see them.</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <div className="flex items-start gap-3">
          <Avatar
            user={{ ...user, profileImageUrl: photo?.preview ?? user.profileImageUrl }}
            className="size-16"
          />
          <div className="min-w-0 flex-1">
            <ImagePicker kind="avatar" label="Profile photo" onPicked={setPhoto} />
          </div>
        </div>
        <NameFields names={form} onChange={(names) => setForm((f) => ({ ...f, ...names }))} />
        <UsernameField value={username} onChange={setUsername} check={usernameCheck} />
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-bio`}>
            Bio <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <LimitedTextarea
            id={`${id}-bio`}
            rows={3}
            max={BIO_MAX_LENGTH}
            value={form.bio}
            onChange={(e) => setForm((f) => ({ ...f, bio: e.target.value }))}
            placeholder="What are you training for?"
          />
        </div>
        {save.isError ? (
          <p role="alert" className="text-destructive-ink text-sm">
            {errorMessage(save.error)}
          </p>
        ) : null}
        <DialogFooter className="flex-row flex-wrap-reverse gap-3">
          <Button variant="outline" className="flex-1" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1" disabled={!namesOk || !changes || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
