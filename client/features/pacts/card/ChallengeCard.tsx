import type { Challenge } from '@shared/api/pacts';
import { Clock, Crown, EyeOff, MessageCircle, Play, Share2, Users } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '../../../api/auth';
import { useParticipants } from '../../../api/pacts';
import { cn } from '../../../lib/cn';
import { useInBrowser } from '../../../lib/use-in-browser';
import { useNow } from '../../../lib/use-now';
import { Avatar } from '../../../ui/Avatar';
import { Badge } from '../../../ui/Badge';
import { Button, buttonVariants } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CardMedia } from './CardMedia';
import {
  accessEnded,
  cardStart,
  creatorLabel,
  type DifficultyTone,
  difficultyTone,
  participantsLabel,
  showInvite,
  targetLabel,
  workoutTimeLabel,
} from './card-logic';
import { PactMenu } from './PactMenu';
import { useInvite } from './use-invite';

const DOT: Record<DifficultyTone, string> = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
  red: 'bg-red-500',
};

const AVATARS_SHOWN = 3;

/**
 * A Pact card: tutorial video, title, creator, time chip, description, difficulty dot,
 * target, participants, Chat / Start / Invite, and the creator's Edit / Hide / Delete menu.
 */
export function ChallengeCard({ challenge, className }: { challenge: Challenge; className?: string }) {
  const { user } = useAuth();
  const now = useNow();
  const isOwn = !!user && challenge.creatorId === user.id;
  // The server's picture has no phone clock: it reads the time on the person's saved time zone (app/first-paint.tsx).
  const zone = useInBrowser() ? undefined : user?.timeZone;
  const start = cardStart(challenge.workoutTime, now, zone);
  const time = workoutTimeLabel(challenge.workoutTime);
  const invite = useInvite(challenge);
  const tone = difficultyTone(challenge.difficulty);

  return (
    <Card role="article" aria-label={challenge.title} className={cn('p-3', className)}>
      <div className="flex gap-3">
        <CardMedia challenge={challenge} className="h-32 w-24" />
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex items-start gap-1">
            <h3 className="line-clamp-2 min-w-0 flex-1 pt-0.5 font-bold text-base leading-snug tracking-tight">
              {challenge.title}
            </h3>
            {isOwn ? <PactMenu challenge={challenge} /> : null}
          </div>
          <Link
            href={`/user/${challenge.creatorId}`}
            className="-mt-2 -mb-3 flex min-h-11 w-fit items-center gap-1.5 rounded-full text-muted-foreground text-xs hover:text-foreground"
          >
            <Avatar user={challenge.creator} className="size-5" />
            <span className="truncate">{creatorLabel(challenge, user?.id)}</span>
          </Link>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            {time ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 font-semibold text-secondary-foreground text-xs">
                <Clock className="size-3" aria-hidden="true" />
                {time}
              </span>
            ) : null}
            {challenge.visibility === 'pro' ? (
              <Badge>
                <Crown aria-hidden="true" />
                Pro
              </Badge>
            ) : null}
            {challenge.isHidden ? (
              <Badge variant="outline">
                <EyeOff aria-hidden="true" />
                Hidden
              </Badge>
            ) : null}
          </div>
          <p className="mt-auto flex items-center gap-1.5 pt-2 font-medium text-sm">
            <span
              className={cn('size-2.5 shrink-0 rounded-full', DOT[tone])}
              role="img"
              aria-label={`Difficulty: ${challenge.difficulty}`}
            />
            <span className="truncate">{targetLabel(challenge)}</span>
          </p>
        </div>
      </div>

      {challenge.description ? (
        <p className="mt-3 line-clamp-2 text-muted-foreground text-sm">{challenge.description}</p>
      ) : null}

      <Participants challenge={challenge} />

      {accessEnded(challenge) ? (
        <AccessEnded challenge={challenge} />
      ) : (
        /* Wraps on a 320 px phone rather than pushing the card wider than the screen. */
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            href={`/chat/${challenge.id}`}
            className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'flex-1')}
          >
            <MessageCircle aria-hidden="true" />
            Chat
          </Link>
          {/* SPEC (Home): Start only when a workout time exists; an all-day Pact starts from its chat. */}
          {!time ? null : start.canStart ? (
            <Link href={`/live/${challenge.id}`} className={cn(buttonVariants({ size: 'sm' }), 'flex-1')}>
              <Play aria-hidden="true" />
              {start.label}
            </Link>
          ) : (
            <Button size="sm" variant="outline" className="flex-1" disabled>
              {start.label}
            </Button>
          )}
          {showInvite(isOwn, start, challenge) ? (
            <Button size="sm" variant="outline" className="flex-1" onClick={invite}>
              <Share2 aria-hidden="true" />
              Invite
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}

function Participants({ challenge }: { challenge: Challenge }) {
  // A paid team's members are listed to its coach and members with access only.
  const { data } = useParticipants(challenge.id, challenge.teamId === null || challenge.teamAccess);
  const shown = (data ?? []).slice(0, AVATARS_SHOWN);
  return (
    <div className="mt-3 flex items-center gap-2 text-muted-foreground text-xs">
      {shown.length > 0 ? (
        // A glance, not a way in: overlapping 24 px faces are no touch targets; the chat lists members as links.
        <div className="-space-x-2 flex" aria-hidden="true">
          {shown.map((p) => (
            <Avatar key={p.id} user={p.user} className="size-6 rounded-full ring-2 ring-card" />
          ))}
        </div>
      ) : (
        <Users className="size-4" aria-hidden="true" />
      )}
      <span>{participantsLabel(challenge.participantCount)}</span>
    </div>
  );
}

/** In place of Chat and Start on a team's Pact whose access ended: why, and the way back (the team's page). */
function AccessEnded({ challenge }: { challenge: Challenge }) {
  return (
    <div className="mt-3">
      <p className="text-muted-foreground text-sm">
        Your {challenge.team?.name ?? 'team'} membership has ended.
      </p>
      <Link href={`/teams/${challenge.teamId}`} className={cn(buttonVariants({ size: 'sm' }), 'mt-2 w-full')}>
        Go to Team
      </Link>
    </div>
  );
}
