import { cn } from '../../../lib/cn';
import { type PosterPact, posterBackground, posterOf } from './poster-logic';

/**
 * A Pact without a tutorial video: a designed poster, never a video pretending to be one. `thumb` is the
 * illustration alone (list rows), `card` adds the exercise's name (Pact cards), `slide` the target and the
 * schedule as well (Discover, where the slide's own texts sit over its lower part).
 */
export function PactPoster({
  pact,
  variant,
  className,
}: {
  pact: PosterPact;
  variant: 'thumb' | 'card' | 'slide';
  className?: string;
}) {
  const poster = posterOf(pact);
  return (
    <div
      data-testid="pact-poster"
      className={cn('relative overflow-hidden text-white', className)}
      style={{ backgroundImage: posterBackground(poster.colors) }}
    >
      <div
        aria-hidden="true"
        className="-translate-x-1/2 absolute top-[12%] left-1/2 aspect-square w-[85%] rounded-full bg-white/15"
      />
      {variant === 'slide' ? (
        <div className="absolute inset-x-0 top-[12%] flex flex-col items-center gap-1 px-6 text-center">
          <p className="font-extrabold text-3xl tracking-tight drop-shadow">{poster.name}</p>
          <p className="font-semibold text-base text-white/90 drop-shadow">{poster.target}</p>
          <p className="rounded-full bg-black/20 px-3 py-1 font-semibold text-sm">{poster.schedule}</p>
        </div>
      ) : null}
      <img
        src={poster.illustration}
        alt=""
        aria-hidden="true"
        loading="lazy"
        draggable={false}
        className={cn(
          'absolute inset-x-0 mx-auto object-contain',
          variant === 'slide' && 'top-[30%] h-[34%] w-full',
          variant === 'card' && 'top-[6%] h-[66%] w-full',
          variant === 'thumb' && 'inset-y-0 h-full w-full p-1',
        )}
      />
      {variant === 'card' ? (
        <p className="absolute inset-x-0 bottom-0 line-clamp-2 bg-black/20 px-1.5 py-1 text-center font-bold text-[11px] leading-tight">
          {poster.name}
        </p>
      ) : null}
    </div>
  );
}
