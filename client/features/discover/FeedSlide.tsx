import type { Challenge } from '@shared/api/pacts';
import { CalendarDays, Clock, Heart, MoreVertical, Tag } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/DropdownMenu';
import { joinLabel } from '../pacts/card/card-logic';
import { posterFor, videoSourceFor } from '../pacts/pact-media';
import { PactPoster } from '../pacts/poster/PactPoster';
import { FeedVideo, SlideVisibility } from './FeedVideo';
import { creatorName, durationLabel, priceLabel, workoutTimeLabel } from './feed';
import { ReportDialog } from './ReportDialog';
import { usePactActions } from './use-pact-actions';

type FeedSlideProps = {
  pact: Challenge;
  rootRef: RefObject<HTMLElement | null>;
  onVisible: () => void;
};

/** One Discover slide: the tutorial video with the Pact's texts over it and the actions at the side. */
export function FeedSlide({ pact, rootRef, onVisible }: FeedSlideProps) {
  const actions = usePactActions(pact);
  const [reporting, setReporting] = useState(false);
  const video = videoSourceFor(pact);
  return (
    <article
      aria-label={pact.title}
      className="relative h-full w-full shrink-0 snap-start snap-always overflow-hidden bg-black text-white"
    >
      {video ? (
        <FeedVideo src={video} poster={posterFor(pact)} rootRef={rootRef} onVisible={onVisible} />
      ) : (
        <>
          <PactPoster pact={pact} variant="slide" className="absolute inset-0" />
          <SlideVisibility rootRef={rootRef} onVisible={onVisible} />
        </>
      )}
      <div className="pointer-events-none absolute inset-x-0 top-0 h-28 bg-gradient-to-b from-black/60 to-transparent" />
      <div className="pointer-events-none absolute inset-x-0 bottom-0 h-3/5 bg-gradient-to-t from-black/90 via-black/50 to-transparent" />

      <div className="absolute right-3 bottom-28 z-10 flex flex-col items-center gap-5">
        <button
          type="button"
          onClick={actions.onLike}
          aria-pressed={actions.liked}
          aria-label={actions.liked ? 'Unlike' : 'Like'}
          className="flex flex-col items-center gap-1 font-semibold text-xs drop-shadow"
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-white/15 backdrop-blur transition-transform active:scale-90">
            <Heart
              className={cn('size-6', actions.liked ? 'fill-rose-500 text-rose-500' : 'text-white')}
              aria-hidden="true"
            />
          </span>
          <span data-testid="like-count">{actions.likeCount.toLocaleString('en-US')}</span>
        </button>
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label="More actions"
            className="flex size-12 items-center justify-center rounded-full bg-white/15 backdrop-blur focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <MoreVertical className="size-6" aria-hidden="true" />
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {pact.isParticipant && !pact.isCreator ? (
              <DropdownMenuItem onSelect={actions.onLeave} disabled={actions.isLeaving}>
                Leave Challenge
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem variant="destructive" onSelect={() => setReporting(true)}>
              Report Challenge
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      <div className="absolute inset-x-0 bottom-0 flex flex-col gap-2.5 p-4 pr-20 pb-5">
        <Link
          href={`/user/${pact.creatorId}`}
          className="flex min-h-11 w-fit max-w-full items-center gap-2 rounded-full pr-2 font-semibold text-sm drop-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <Avatar user={pact.creator} className="size-9 shrink-0 ring-2 ring-white/80" />
          <span className="truncate">{creatorName(pact)}</span>
        </Link>
        {/* At most three lines, so a long title never climbs over the poster's own text; the chat shows it whole. */}
        <h2 className="line-clamp-3 break-words font-extrabold text-2xl leading-tight tracking-tight drop-shadow">
          {pact.title}
        </h2>
        {pact.description ? (
          <p className="line-clamp-2 text-sm text-white/85 drop-shadow">{pact.description}</p>
        ) : null}
        <ul className="flex flex-wrap gap-2 text-xs">
          <Chip icon={CalendarDays}>{durationLabel(pact)}</Chip>
          <Chip icon={Clock}>{workoutTimeLabel(pact.workoutTime)}</Chip>
          <Chip icon={Tag} strong={pact.price > 0}>
            {priceLabel(pact.price)}
          </Chip>
        </ul>
        <Button size="lg" className="mt-1 w-full" onClick={actions.onJoin} disabled={actions.isJoining}>
          {joinLabel(pact, actions.isJoining)}
        </Button>
      </div>
      <ReportDialog pact={pact} open={reporting} onOpenChange={setReporting} />
    </article>
  );
}

function Chip({
  icon: Icon,
  strong = false,
  children,
}: {
  icon: typeof Clock;
  strong?: boolean;
  children: string;
}) {
  return (
    <li
      className={cn(
        'flex items-center gap-1.5 rounded-full px-2.5 py-1 font-semibold backdrop-blur',
        strong ? 'bg-primary text-primary-foreground' : 'bg-white/15 text-white',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {children}
    </li>
  );
}
