import { BicepsFlexed } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn';
import { avatarArt, initialsOf } from './avatar-art';
import { CartoonFace } from './CartoonFace';

/**
 * The AI trainer is a fixed virtual friend whose avatar is a flexed biceps: an icon, not the emoji, which some devices
 * lack a font for (a blank box) and whose font is costly to load on the first screen.
 */
export const AI_TRAINER_ID = 'ai-trainer';

export interface AvatarUser {
  id?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  profileImageUrl?: string | null;
}

type AvatarProps = {
  user: AvatarUser | null | undefined;
  className?: string;
  /** Extra ring, e.g. the blue (you) or yellow (creator) borders of the chat strip. */
  ringClassName?: string;
};

/** Image URL, else a cartoon face seeded by the user id, else up to two initials. */
export function Avatar({ user, className, ringClassName }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const name = user?.firstName?.trim() || user?.username || 'User';
  const url = user?.profileImageUrl && user.profileImageUrl !== failedUrl ? user.profileImageUrl : null;
  const base = cn(
    'relative inline-flex size-10 shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-muted',
    ringClassName,
    className,
  );

  if (user?.id === AI_TRAINER_ID) {
    return (
      <span role="img" aria-label="AI Trainer" className={cn(base, 'bg-primary/15')}>
        <BicepsFlexed aria-hidden="true" className="size-1/2 text-brand-ink" strokeWidth={2.25} />
      </span>
    );
  }
  if (url) {
    return (
      <span className={base}>
        <img
          src={url}
          alt={name}
          className="size-full object-cover"
          loading="lazy"
          onError={() => setFailedUrl(url)}
        />
      </span>
    );
  }
  if (user?.id) {
    return (
      <span role="img" aria-label={name} className={base}>
        <CartoonFace art={avatarArt(user.id)} />
      </span>
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={cn(base, 'bg-secondary font-bold text-secondary-foreground')}
    >
      <span className="text-[0.8em]" aria-hidden="true">
        {initialsOf(user?.firstName, user?.username, user?.lastName)}
      </span>
    </span>
  );
}
