import type { UserProfile } from '@shared/api/users';
import { Check, ChevronDown, Clock, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../api/auth';
import { displayName } from '../../lib/display-name';
import { Button } from '../../ui/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/DropdownMenu';
import { AnswerRequestButtons } from '../friends/AnswerRequestButtons';
import { friendButtonState } from '../friends/friend-button-state';
import { useFriendAction } from '../friends/use-friend-actions';
import { WithdrawRequestDialog } from '../friends/WithdrawRequestDialog';

/**
 * The friend button of a user's page: 'Add Friend' ('Adding...'); 'Request sent' (tap to withdraw, confirmed);
 * Accept and Decline when they asked; 'Friends' with Unfriend in its menu. Nothing for yourself or the AI trainer.
 */
export function FriendButton({ profile }: { profile: UserProfile }) {
  const { user } = useAuth();
  const state = friendButtonState(profile, user?.isDemo ?? false);
  const name = displayName(profile);
  switch (state) {
    case 'hidden':
      return null;
    case 'add':
      return <AddFriend userId={profile.id} />;
    case 'requested':
      return <RequestSent userId={profile.id} name={name} />;
    case 'incoming':
      return (
        <div className="grid justify-items-center gap-2">
          <p className="text-muted-foreground text-sm">{name} wants to be your friend</p>
          <AnswerRequestButtons userId={profile.id} name={name} size="default" />
        </div>
      );
    case 'friends':
      return <Friends userId={profile.id} />;
  }
}

function AddFriend({ userId }: { userId: string }) {
  const add = useFriendAction('add');
  return (
    <Button onClick={() => add.run(userId)} disabled={add.isPending}>
      <UserPlus aria-hidden="true" />
      {add.isPending ? 'Adding...' : 'Add Friend'}
    </Button>
  );
}

function RequestSent({ userId, name }: { userId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setConfirming(true)}
        aria-label="Request sent, tap to withdraw"
      >
        <Clock aria-hidden="true" />
        Request sent
      </Button>
      <WithdrawRequestDialog userId={userId} name={name} open={confirming} onOpenChange={setConfirming} />
    </>
  );
}

function Friends({ userId }: { userId: string }) {
  const unfriend = useFriendAction('unfriend');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" disabled={unfriend.isPending}>
          <Check aria-hidden="true" />
          {unfriend.isPending ? 'Removing...' : 'Friends'}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="center">
        <DropdownMenuItem variant="destructive" onSelect={() => unfriend.run(userId)}>
          <UserMinus aria-hidden="true" />
          Unfriend
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
