import type { Challenge } from '@shared/api/pacts';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { posterFor } from '../pacts/pact-media';

/** A still thumbnail for list rows (lighter than a playing video): the Pact's thumbnail or its sample's poster. */
export function PactThumb({
  pact,
  className,
}: {
  pact: Pick<Challenge, 'tutorialVideoUrl' | 'thumbnailUrl' | 'exerciseType' | 'title'>;
  className?: string;
}) {
  const src = posterFor(pact);
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br from-primary/30 via-accent to-muted',
        className,
      )}
    >
      <span aria-hidden="true" className="font-black text-accent-foreground text-xl">
        {pact.title.trim().charAt(0).toUpperCase() || '?'}
      </span>
      {src && !failed ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : null}
    </span>
  );
}
