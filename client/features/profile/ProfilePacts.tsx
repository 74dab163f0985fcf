import { Heart, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { useChallenges, useLikedPacts } from '../../api/pacts';
import { Button, buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Section } from '../layout/Page';
import { ChallengeCard } from '../pacts/card/ChallengeCard';
import { openCreateWizard } from '../pacts/create-wizard-store';

/** 'My Pacts': the first Pact the user created (one), with Create. */
export function MyPactsSection() {
  const mine = useChallenges('mine');
  const first = mine.data?.pages[0]?.items[0];
  return (
    <Section
      title="My Pacts"
      action={
        <Button size="sm" variant="secondary" onClick={openCreateWizard}>
          <Plus aria-hidden="true" />
          Create
        </Button>
      }
    >
      {mine.isPending ? (
        <Skeleton className="h-40" />
      ) : first ? (
        <ChallengeCard challenge={first} />
      ) : (
        <EmptyState title="No challenges created yet" description="Your own Pacts will show up here." />
      )}
    </Section>
  );
}

/** 'Liked Pacts': the most recent Pact the user liked. */
export function LikedPactsSection() {
  const liked = useLikedPacts();
  const first = liked.data?.[0];
  return (
    <Section title="Liked Pacts">
      {liked.isPending ? (
        <Skeleton className="h-40" />
      ) : first ? (
        <ChallengeCard challenge={first} />
      ) : (
        <EmptyState
          icon={Heart}
          title="No liked Pacts yet"
          description="Tap the heart on a Pact in Discover."
        >
          <Link href="/challenges" className={buttonVariants({ variant: 'outline' })}>
            Discover Pacts
          </Link>
        </EmptyState>
      )}
    </Section>
  );
}
