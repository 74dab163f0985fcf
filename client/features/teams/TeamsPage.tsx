import { Crown, UsersRound } from 'lucide-react';
import { useAuth } from '../../api/auth';
import { useMyTeams, usePaidTeamsOff, useTeams } from '../../api/teams';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Page, Section } from '../layout/Page';
import { openProWizard } from '../pacts/create-wizard-store';
import { BecomeProCreatorCard } from './BecomeProCreatorCard';
import { MyTeamRow } from './MyTeamRow';
import { PaidTeamsOffNotice } from './PaidTeamsOffNotice';
import { ProgramCard } from './ProgramCard';
import { programsToShow } from './programs';
import { TestModeNotice } from './TestModeNotice';

/**
 * Teams (/teams): the Pro Creator waitlist card (coaches, already Pro, get their badge instead), the caller's
 * teams, and up to 6 premium programs with Preview and Start Trial.
 */
export function TeamsPage() {
  const { user } = useAuth();
  const mine = useMyTeams();
  const programs = useTeams();
  const shown = programsToShow(programs.data ?? []);
  const off = usePaidTeamsOff();

  return (
    <Page
      nav
      title="Teams"
      back="/"
      actions={
        user?.isProUser ? (
          <Badge>
            <Crown aria-hidden="true" />
            Pro Creator
          </Badge>
        ) : null
      }
    >
      {user?.isProUser ? null : <BecomeProCreatorCard />}

      <Section title="My Teams">
        {mine.isPending ? (
          <Skeleton className="h-16 w-full rounded-2xl" />
        ) : (mine.data ?? []).length === 0 ? (
          off ? (
            <EmptyState icon={UsersRound} title="No teams yet">
              <PaidTeamsOffNotice />
            </EmptyState>
          ) : (
            <EmptyState icon={UsersRound} title="No teams yet" description="Be the first to create a team!">
              <Button size="lg" onClick={openProWizard}>
                Create Team
              </Button>
            </EmptyState>
          )
        ) : (
          <ul className="grid grid-cols-1 gap-2">
            {(mine.data ?? []).map((team) => (
              <MyTeamRow key={team.id} team={team} />
            ))}
          </ul>
        )}
      </Section>

      {programs.isPending || shown.length > 0 ? (
        <Section title="Premium Training Programs">
          <TestModeNotice className="mb-3" />
          {off ? <PaidTeamsOffNotice className="mb-3" /> : null}
          {programs.isPending ? (
            <Skeleton className="h-56 w-full rounded-2xl" />
          ) : (
            <div className="grid gap-4">
              {shown.map((team) => (
                <ProgramCard key={team.id} team={team} />
              ))}
            </div>
          )}
        </Section>
      ) : null}
    </Page>
  );
}
