import type { TeamSummary } from '@shared/api/teams';
import { PAID_TEAMS_OFF_MESSAGE } from '@shared/api/teams';
import { Crown, UsersRound } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { usePaidTeamsOff } from '../../api/teams';
import { displayName } from '../../lib/display-name';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonVariants } from '../../ui/Button';
import { TeamImage } from '../teams/TeamImage';
import { TEAM_ACTION_LABEL, teamAction } from '../teams/team-actions';
import { cutDescription, membersLabel, perMonth, trialLabel } from '../teams/team-format';
import { useStartTrial } from '../teams/use-start-trial';

type TeamSlideProps = {
  team: TeamSummary;
  rootRef: RefObject<HTMLElement | null>;
  onVisible: () => void;
};

/**
 * A premium team between the Pacts of Discover: the 'Premium Program' badge, the trainer, the real member count,
 * the monthly price and Trial, which starts the free trial (Open for the coach and members).
 */
export function TeamSlide({ team, rootRef, onVisible }: TeamSlideProps) {
  const { start, pendingId } = useStartTrial();
  const action = teamAction(team);
  const busy = pendingId === team.id;
  const ref = useVisible(rootRef, onVisible);
  const paidOff = usePaidTeamsOff();
  const startable = action === 'open' || !paidOff;
  return (
    <article
      ref={ref}
      aria-label={team.name}
      data-testid="team-slide"
      className="relative flex h-full w-full shrink-0 snap-start snap-always flex-col overflow-hidden bg-gradient-to-b from-emerald-950 via-neutral-950 to-black text-white"
    >
      <div className="flex flex-1 items-center justify-center">
        <TeamImage
          team={team}
          className="size-40 rounded-[2.5rem] text-7xl shadow-2xl ring-4 ring-white/10"
        />
      </div>
      <div className="flex flex-col gap-2.5 p-4 pb-5">
        <span className="flex w-fit items-center gap-1.5 rounded-full bg-amber-400 px-3 py-1 font-bold text-black text-xs">
          <Crown className="size-3.5" aria-hidden="true" />
          Premium Program
        </span>
        <h2 className="font-extrabold text-2xl leading-tight tracking-tight">{team.name}</h2>
        <Link
          href={`/user/${team.coach.id}`}
          className="flex min-h-11 w-fit items-center gap-2 rounded-full pr-2 font-semibold text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <Avatar user={team.coach} className="size-8 ring-2 ring-white/80" />
          Trainer {displayName(team.coach)}
        </Link>
        <p className="text-sm text-white/85">{cutDescription(team.description)}</p>
        <ul className="flex flex-wrap gap-2 text-xs">
          <li className="flex items-center gap-1.5 rounded-full bg-white/15 px-2.5 py-1 font-semibold">
            <UsersRound className="size-3.5" aria-hidden="true" />
            {membersLabel(team.memberCount)}
          </li>
          <li className="rounded-full bg-primary px-2.5 py-1 font-semibold text-primary-foreground">
            {perMonth(team.subscriptionPrice)}
          </li>
          {action === 'trial' && startable ? (
            <li className="rounded-full bg-white/15 px-2.5 py-1 font-semibold">
              {trialLabel(team.trialDays)}
            </li>
          ) : null}
        </ul>
        <div className="mt-1 flex gap-2">
          <Link
            href={`/teams/${team.id}`}
            className={buttonVariants({
              size: 'lg',
              variant: 'outline',
              className: 'flex-1 border-white/40 bg-white/10 text-white hover:bg-white/20',
            })}
          >
            Details
          </Link>
          {startable ? (
            <Button size="lg" className="flex-1" disabled={busy} onClick={() => start(team, action)}>
              {busy ? 'Starting...' : action === 'trial' ? 'Trial' : TEAM_ACTION_LABEL[action]}
            </Button>
          ) : null}
        </div>
        {startable ? null : <p className="font-semibold text-sm text-white/85">{PAID_TEAMS_OFF_MESSAGE}</p>}
      </div>
    </article>
  );
}

/** Calls onVisible when the slide is mostly on screen (the feed loads its next page from there). */
function useVisible(rootRef: RefObject<HTMLElement | null>, onVisible: () => void) {
  const ref = useRef<HTMLElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) latest.current();
      },
      { root: rootRef.current, threshold: 0.6 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [rootRef]);
  return ref;
}
