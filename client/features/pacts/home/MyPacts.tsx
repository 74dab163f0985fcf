import { Dumbbell, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '../../../api/auth';
import { useMyPacts, useParticipations } from '../../../api/pacts';
import { Button, buttonVariants } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Skeleton } from '../../../ui/Skeleton';
import { Section } from '../../layout/Page';
import { ChallengeCard } from '../card/ChallengeCard';
import { openCreateWizard } from '../create-wizard-store';
import { selectHomePacts } from './home-selection';

/** Home's "My Pacts": the first Pact created and the first active participation, else the empty state. */
export function MyPacts() {
  const { user } = useAuth();
  const mine = useMyPacts(1);
  const participations = useParticipations();
  const loading = mine.isPending || participations.isPending;
  const pacts = selectHomePacts(mine.data?.items ?? [], participations.data ?? [], user?.id);

  return (
    <Section
      title="My Pacts"
      action={
        pacts.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={openCreateWizard}>
            <Plus aria-hidden="true" />
            Create
          </Button>
        ) : null
      }
    >
      {loading ? (
        // As tall as the empty state a new member sees next, so Activity below does not jump when it arrives.
        <Skeleton className="h-[21.625rem] w-full rounded-2xl" />
      ) : pacts.length > 0 ? (
        <div className="grid grid-cols-1 gap-3">
          {pacts.map((pact) => (
            <ChallengeCard key={pact.id} challenge={pact} />
          ))}
        </div>
      ) : (
        <EmptyState
          icon={Dumbbell}
          title="No Active Challenges"
          description="Create or join a challenge to get started!"
        >
          <Button size="lg" onClick={openCreateWizard}>
            Create Challenge
          </Button>
          <Link href="/challenges" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Find Challenge
          </Link>
        </EmptyState>
      )}
    </Section>
  );
}
