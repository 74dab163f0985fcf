import type { MyTeam } from '@shared/api/teams';
import { Link } from 'wouter';
import { buttonVariants } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TeamImage } from './TeamImage';
import { STATUS_LABEL } from './team-actions';
import { membersLabel } from './team-format';

/** One of My Teams: name, member count, the caller's role or subscription status, and Open. */
export function MyTeamRow({ team }: { team: MyTeam }) {
  const role =
    team.role === 'coach'
      ? 'Coach'
      : team.myCancelAtPeriodEnd
        ? 'Canceled'
        : team.myStatus
          ? STATUS_LABEL[team.myStatus]
          : 'Member';
  return (
    <li>
      <Card className="flex items-center gap-3 p-3">
        <TeamImage team={team} className="size-12 rounded-xl text-lg" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-bold">{team.name}</h3>
          <p className="text-muted-foreground text-xs">
            {membersLabel(team.memberCount)} · {role}
          </p>
        </div>
        <Link
          href={`/teams/${team.id}`}
          aria-label={`Open ${team.name}`}
          className={buttonVariants({ size: 'sm', variant: 'secondary' })}
        >
          Open
        </Link>
      </Card>
    </li>
  );
}
