import { HOME_FRIENDS_LIMIT, HOME_LOADING_PLACEHOLDERS, PROFILE_FRIENDS_LIMIT } from '@shared/domain/limits';
import { AI_TRAINER } from '@shared/domain/templates';
import { UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useFriends } from '../../api/friends';
import { cn } from '../../lib/cn';
import { displayName } from '../../lib/display-name';
import { Avatar } from '../../ui/Avatar';
import { Skeleton } from '../../ui/Skeleton';
import { Section } from '../layout/Page';
import { useSiteInvite } from '../pacts/card/use-invite';

/**
 * The "Friends" section of Home and Profile. Home: an Invite tile, the
 * AI trainer, up to 6 friends, and 5 placeholders while loading. Profile: the AI trainer, up to 5 friends, or a
 * hint to add friends. No "N online" count: the app has no presence to count, and the friends' number shown as
 * people online read as a broken promise (issue 29); it returns with a real count.
 */
type Variant = 'home' | 'profile';

const PRESETS: Record<Variant, { home: boolean; limit: number; emptyText: string | null }> = {
  home: { home: true, limit: HOME_FRIENDS_LIMIT, emptyText: null },
  profile: { home: false, limit: PROFILE_FRIENDS_LIMIT, emptyText: 'Add friends to see their challenges!' },
};

const tileClass =
  'group flex w-16 flex-col items-center gap-1.5 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function FriendsStrip({ variant }: { variant: Variant }) {
  const preset = PRESETS[variant];
  const { data, isPending } = useFriends();
  const friends = (data ?? []).slice(0, preset.limit);
  return (
    <Section title="Friends" action={null}>
      <ul
        aria-label="Friends"
        aria-busy={isPending}
        className="-mx-4 flex items-start gap-3 overflow-x-auto px-4 pb-1 scrollbar-none"
      >
        {preset.home ? (
          <li>
            <InviteTile />
          </li>
        ) : null}
        <li>
          <PersonTile href={`/user/${AI_TRAINER.id}`} label="AI Trainer" ring>
            <Avatar user={AI_TRAINER} className="size-14 text-2xl" />
          </PersonTile>
        </li>
        {isPending && preset.home
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
    </Section>
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
    <Link href={href} className={tileClass}>
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
  const invite = useSiteInvite();
  return (
    <button type="button" onClick={invite} className={tileClass}>
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-primary/60 border-dashed bg-accent text-accent-foreground transition-transform group-active:scale-95">
        <UserPlus className="size-6" aria-hidden="true" />
      </span>
      <span className="font-medium text-xs">Invite</span>
    </button>
  );
}
