import { HOME_FRIENDS_LIMIT, HOME_LOADING_PLACEHOLDERS } from '@shared/domain/limits';
import { AI_TRAINER } from '@shared/domain/templates';
import { UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Section } from '../../../app/layout/Page';
import { Avatar, type AvatarUser } from '../../../ui/Avatar';
import { Skeleton } from '../../../ui/Skeleton';
import { useSiteInvite } from '../card/use-invite';
import { useFriends } from '../queries';
import { onlineLabel } from './home-selection';

const tile =
  'flex w-16 shrink-0 flex-col items-center gap-1.5 rounded-xl text-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function Name({ children }: { children: ReactNode }) {
  return <span className="w-full truncate font-medium text-muted-foreground text-xs">{children}</span>;
}

function FriendTile({ user, name }: { user: AvatarUser & { id: string }; name: string }) {
  return (
    <Link href={`/user/${user.id}`} className={tile}>
      <Avatar
        user={user}
        className="size-14 text-lg ring-2 ring-primary/70 ring-offset-2 ring-offset-background"
      />
      <Name>{name}</Name>
    </Link>
  );
}

/** Home's friends strip (SPEC 2): Invite, the AI trainer, then up to 6 friends; the online count is the friends. */
export function FriendsStrip() {
  const { data: friends, isPending } = useFriends();
  const invite = useSiteInvite();
  const shown = (friends ?? []).slice(0, HOME_FRIENDS_LIMIT);
  return (
    <Section
      title="Friends"
      action={
        isPending ? null : (
          <span className="flex items-center gap-1.5 font-semibold text-muted-foreground text-xs">
            <span className="size-2 rounded-full bg-success" aria-hidden="true" />
            {onlineLabel(friends?.length ?? 0)}
          </span>
        )
      }
    >
      <div className="-mx-4 scrollbar-none flex gap-3 overflow-x-auto px-4 pb-1">
        <button type="button" onClick={invite} className={tile}>
          <span className="flex size-14 items-center justify-center rounded-full border-2 border-primary/70 border-dashed text-brand-ink">
            <UserPlus className="size-6" aria-hidden="true" />
          </span>
          <Name>Invite</Name>
        </button>
        <FriendTile user={AI_TRAINER} name="AI Trainer" />
        {isPending
          ? Array.from({ length: HOME_LOADING_PLACEHOLDERS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders without identity
              <div key={i} className={tile} data-testid="friend-placeholder">
                <Skeleton className="size-14 rounded-full" />
                <Skeleton className="h-3 w-10" />
              </div>
            ))
          : shown.map((friend) => (
              <FriendTile key={friend.id} user={friend} name={friend.firstName?.trim() || friend.username} />
            ))}
      </div>
    </Section>
  );
}
