import type { TeamSummary } from '@shared/api/teams';
import { PlayCircle, Target, UsersRound } from 'lucide-react';
import { Link } from 'wouter';
import { usePaidTeamsOff } from '../../api/teams';
import { formatCount } from '../../lib/count';
import { displayName } from '../../lib/display-name';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonVariants } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TeamImage } from './TeamImage';
import { TEAM_ACTION_LABEL, teamAction } from './team-actions';
import { cutDescription, membersLabel, perMonth, trialLabel } from './team-format';
import { useStartTrial } from './use-start-trial';

/** The card's feature list: the program's real numbers (DECISIONS 2: no invented counts). */
export function programFacts(team: Pick<TeamSummary, 'memberCount' | 'successRate' | 'videoCount'>) {
  return [
    { icon: UsersRound, text: membersLabel(team.memberCount) },
    {
      icon: Target,
      text: team.successRate === null ? 'No proofs reviewed yet' : `${team.successRate}% success rate`,
    },
    {
      icon: PlayCircle,
      text: `${formatCount(team.videoCount)} ${team.videoCount === 1 ? 'video' : 'videos'}`,
    },
  ];
}

/** A premium program on the Teams screen: price, free trial, facts, Preview (the team page) and Start Trial. */
export function ProgramCard({ team }: { team: TeamSummary }) {
  const { start, pendingId } = useStartTrial();
  const action = teamAction(team);
  const busy = pendingId === team.id;
  // Billing off: nothing to start; Preview stays (the notice is said once, above the list).
  const paidOff = usePaidTeamsOff();
  const startable = action === 'open' || !paidOff;
  return (
    <Card role="article" aria-label={team.name} className="overflow-hidden">
      <div className="flex gap-3 p-4 pb-3">
        <TeamImage team={team} className="size-16 rounded-2xl text-2xl" />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 font-bold text-base leading-snug tracking-tight">{team.name}</h3>
          <p className="mt-1 flex items-center gap-1.5 text-muted-foreground text-xs">
            <Avatar user={team.coach} className="size-5" />
            by {displayName(team.coach)}
          </p>
          <p className="mt-1.5 flex flex-wrap items-baseline gap-x-2">
            <span className="font-extrabold text-lg">{perMonth(team.subscriptionPrice)}</span>
            {action === 'trial' && startable ? (
              <span className="font-semibold text-brand-ink text-xs">{trialLabel(team.trialDays)}</span>
            ) : null}
          </p>
        </div>
      </div>
      <p className="px-4 text-muted-foreground text-sm">{cutDescription(team.description)}</p>
      <ul className="grid grid-cols-1 gap-1.5 px-4 pt-3 text-sm">
        {programFacts(team).map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon className="size-4 shrink-0 text-brand-ink" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <div className="flex gap-2 p-4">
        <Link
          href={`/teams/${team.id}`}
          className={buttonVariants({ variant: 'outline', className: 'flex-1' })}
        >
          Preview
        </Link>
        {startable ? (
          <Button className="flex-1" disabled={busy} onClick={() => start(team, action)}>
            {busy ? 'Starting...' : TEAM_ACTION_LABEL[action]}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
