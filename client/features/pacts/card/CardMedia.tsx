import type { Challenge } from '@shared/api/pacts';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { PactPoster } from '../poster/PactPoster';
import { cardMedia } from './card-logic';
import { usePrefersReducedMotion } from './use-reduced-motion';

/**
 * The card's looping muted tutorial video with its still as the poster; a Pact without a tutorial (or whose video
 * cannot play) shows its designed poster instead.
 */
export function CardMedia({
  challenge,
  className,
}: {
  challenge: Pick<
    Challenge,
    | 'tutorialVideoUrl'
    | 'thumbnailUrl'
    | 'exerciseType'
    | 'title'
    | 'targetValue'
    | 'scheduleDays'
    | 'workoutTime'
    | 'teamId'
  >;
  className?: string;
}) {
  const media = cardMedia(challenge);
  const [failed, setFailed] = useState<string | null>(null);
  const still = usePrefersReducedMotion();
  const frame = cn('relative shrink-0 overflow-hidden rounded-xl', className);
  if (!media.video || failed === media.video) {
    return <PactPoster pact={challenge} variant="card" className={frame} />;
  }
  return (
    <div className={cn(frame, 'bg-muted')}>
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
    </div>
  );
}
