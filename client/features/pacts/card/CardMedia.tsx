import type { Challenge } from '@shared/api/pacts';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { cardMedia } from './card-logic';
import { usePrefersReducedMotion } from './use-reduced-motion';

/**
 * The card's looping muted tutorial video (the Pact's own, else the sample of its exercise), its still as the
 * poster, and the title's first letter when neither can be shown.
 */
export function CardMedia({
  challenge,
  className,
}: {
  challenge: Pick<Challenge, 'tutorialVideoUrl' | 'thumbnailUrl' | 'exerciseType' | 'title'>;
  className?: string;
}) {
  const media = cardMedia(challenge);
  const [failed, setFailed] = useState<string | null>(null);
  const still = usePrefersReducedMotion();
  const broken = failed === media.video;
  return (
    <div
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br from-primary/30 via-accent to-muted',
        className,
      )}
    >
      <span aria-hidden="true" className="font-black text-3xl text-accent-foreground">
        {media.letter}
      </span>
      {broken ? null : (
        <video
          key={media.video}
          src={media.video}
          poster={media.poster}
          className="absolute inset-0 size-full object-cover"
          autoPlay={!still}
          loop
          muted
          playsInline
          preload="metadata"
          aria-hidden="true"
          tabIndex={-1}
          onError={() => setFailed(media.video)}
        />
      )}
    </div>
  );
}
