import type { Challenge } from '@shared/api/pacts';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { posterFor } from '../pacts/pact-media';
import { PactPoster } from '../pacts/poster/PactPoster';

/** A still thumbnail for list rows (lighter than a playing video): the Pact's still, else its poster. */
export function PactThumb({
  pact,
  className,
}: {
  pact: Pick<
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
  const src = posterFor(pact);
  const [failed, setFailed] = useState(false);
  const frame = cn('relative flex shrink-0 overflow-hidden rounded-xl', className);
  if (!src || failed) return <PactPoster pact={pact} variant="thumb" className={frame} />;
  return (
    <span className={cn(frame, 'bg-muted')}>
      <img
        src={src}
        alt=""
        loading="lazy"
        className="absolute inset-0 size-full object-cover"
        onError={() => setFailed(true)}
      />
    </span>
  );
}
