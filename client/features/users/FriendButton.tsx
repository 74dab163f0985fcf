import type { UserProfile } from '@shared/api/users';
import { Check, ChevronDown, UserMinus, UserPlus } from 'lucide-react';
import { Button } from '../../ui/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/DropdownMenu';
import { useAddFriend, useRemoveFriend } from '../friends/queries';
import { displayName } from './stats';

/** 'Add Friend' ('Adding...'), or 'Friends' with a way to remove; nothing for yourself or the AI trainer. */
export function FriendButton({ profile }: { profile: UserProfile }) {
  const add = useAddFriend();
  const remove = useRemoveFriend();
  if (profile.isSelf || profile.isAiTrainer) return null;
  if (profile.isFriend) {
    return (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" disabled={remove.isPending}>
            <Check aria-hidden="true" />
            {remove.isPending ? 'Removing...' : 'Friends'}
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="center">
          <DropdownMenuItem
            variant="destructive"
            onSelect={() => remove.removeFriend(profile.id, displayName(profile))}
          >
            <UserMinus aria-hidden="true" />
            Remove friend
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }
  return (
    <Button onClick={() => add.addFriend(profile.id)} disabled={add.isPending}>
      <UserPlus aria-hidden="true" />
      {add.isPending ? 'Adding...' : 'Add Friend'}
    </Button>
  );
}
