import { AI_TRAINER_ID } from '@shared/api/users';
import { HOME_FRIENDS_LIMIT, HOME_LOADING_PLACEHOLDERS, PROFILE_FRIENDS_LIMIT } from '@shared/domain/limits';
import { UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { Avatar, type AvatarUser } from '../../ui/Avatar';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/use-toast';
import { shareOrCopy, siteInvite } from '../pacts/invite';
import { displayName } from '../users/stats';
import { useFriends } from './queries';

/**
 * The friends strip of Home and Profile (SPEC 2). Home: an Invite tile, the AI trainer, up to 6 friends, and 5
 * placeholders while loading. Profile: the AI trainer, up to 5 friends, or a hint to add friends.
 */
type Variant = 'home' | 'profile';

const PRESETS: Record<Variant, { invite: boolean; limit: number; emptyText: string | null }> = {
  home: { invite: true, limit: HOME_FRIENDS_LIMIT, emptyText: null },
  profile: { invite: false, limit: PROFILE_FRIENDS_LIMIT, emptyText: 'Add friends to see their challenges!' },
};

const AI_TRAINER: AvatarUser = {
  id: AI_TRAINER_ID,
  firstName: 'AI',
  lastName: 'Trainer',
  username: 'ai-trainer',
};

export function FriendsStrip({ variant, className }: { variant: Variant; className?: string }) {
  const preset = PRESETS[variant];
  const { data, isPending } = useFriends();
  const friends = (data ?? []).slice(0, preset.limit);
  return (
    <ul
      aria-label="Friends"
      aria-busy={isPending}
      className={cn('-mx-4 flex items-start gap-3 overflow-x-auto px-4 pb-1 scrollbar-none', className)}
    >
      {preset.invite ? (
        <li>
          <InviteTile />
        </li>
      ) : null}
      <li>
        <PersonTile href={`/user/${AI_TRAINER_ID}`} label="AI Trainer" ring>
          <Avatar user={AI_TRAINER} className="size-14 text-2xl" />
        </PersonTile>
      </li>
      {isPending && variant === 'home'
        ? Array.from({ length: HOME_LOADING_PLACEHOLDERS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className="flex w-16 flex-col items-center gap-1.5">
              <Skeleton className="size-14 rounded-full" />
              <Skeleton className="h-3 w-12" />
            </li>
          ))
        : friends.map((friend) => (
            <li key={friend.id}>
              <PersonTile href={`/user/${friend.id}`} label={displayName(friend)}>
                <Avatar user={friend} className="size-14 text-lg" />
              </PersonTile>
            </li>
          ))}
      {!isPending && friends.length === 0 && preset.emptyText ? (
        <li className="flex min-h-14 flex-1 items-center self-start pt-3 text-muted-foreground text-sm">
          {preset.emptyText}
        </li>
      ) : null}
    </ul>
  );
}

function PersonTile({
  href,
  label,
  ring = false,
  children,
}: {
  href: string;
  label: string;
  ring?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      className="group flex w-16 flex-col items-center gap-1.5 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span
        className={cn(
          'rounded-full p-0.5 transition-transform group-active:scale-95',
          ring ? 'bg-gradient-to-tr from-primary to-brand-ink' : 'bg-border',
        )}
      >
        <span className="block rounded-full bg-background p-0.5">{children}</span>
      </span>
      <span className="w-full truncate text-center font-medium text-xs">{label}</span>
    </Link>
  );
}

function InviteTile() {
  const invite = async () => {
    const outcome = await shareOrCopy(siteInvite(window.location.origin));
    if (outcome === 'copied')
      toast({ title: 'Invite copied', description: 'Paste it to a friend to invite them.' });
    if (outcome === 'failed')
      toast({
        title: 'Could not share',
        description: 'Copy the address bar link instead.',
        variant: 'destructive',
      });
  };
  return (
    <button
      type="button"
      onClick={invite}
      className="group flex w-16 flex-col items-center gap-1.5 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-primary/60 border-dashed bg-accent text-accent-foreground transition-transform group-active:scale-95">
        <UserPlus className="size-6" aria-hidden="true" />
      </span>
      <span className="font-medium text-xs">Invite</span>
    </button>
  );
}
