import { DISCOVER_PAGE_SIZE } from '@shared/domain/limits';
import { Compass, RotateCcw } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useChallenges } from '../../api/pacts';
import { useTeams } from '../../api/teams';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { BottomNav } from '../layout/BottomNav';
import { openCreateWizard } from '../pacts/create-wizard-store';
import { rankPrograms } from '../teams/programs';
import { FeedFilter, type FeedFilterValue } from './FeedFilter';
import { FeedSlide } from './FeedSlide';
import { shouldLoadMore } from './feed';
import { interleaveTeams } from './interleave';
import { TeamSlide } from './TeamSlide';

const EMPTY_TEXT: Record<FeedFilterValue, string> = {
  all: 'Nobody has posted a public Pact yet. Start one and get people moving!',
  friends: 'Your friends have not created any Pacts yet. Invite them, or start one yourself.',
  popular: 'No Pact has more than 20 members yet. Yours could be the first!',
  teams: 'No Pro team has a Pact yet. Coach one: pick Pro in the wizard.',
};

/** Discover (/challenges): a full-screen snap-scrolling feed of Pacts, paged by cursor, above the bottom bar. */
export function DiscoverPage() {
  const [filter, setFilter] = useState<FeedFilterValue>('all');
  return (
    <div className="fixed inset-0 flex flex-col bg-black">
      <h1 className="sr-only">Discover</h1>
      <div className="absolute inset-x-0 top-0 z-20 flex justify-center pt-[calc(env(safe-area-inset-top)+var(--offline-inset,0px)+var(--reminder-inset,0px)+0.75rem)]">
        <FeedFilter value={filter} onChange={setFilter} />
      </div>
      <Feed key={filter} filter={filter} />
      <BottomNav />
    </div>
  );
}

function Feed({ filter }: { filter: FeedFilterValue }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const query = useChallenges(filter, DISCOVER_PAGE_SIZE);
  const pacts = query.data?.pages.flatMap((page) => page.items) ?? [];
  // Premium teams follow every two Pacts in the 'all' feed (SPEC 2), and in the Pro feed among the Pro Pacts.
  const teams = useTeams();
  const entries = interleaveTeams(
    pacts,
    filter === 'all' || filter === 'teams' ? rankPrograms(teams.data ?? []) : [],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const onSlideVisible = useCallback(
    (index: number, count: number) => {
      if (shouldLoadMore(index, count, !!hasNextPage) && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  return (
    <div
      ref={scrollRef}
      data-testid="discover-feed"
      className="h-[calc(100dvh-4rem-env(safe-area-inset-bottom))] w-full snap-y snap-mandatory overflow-y-auto overscroll-contain scrollbar-none"
    >
      {query.isPending ? (
        <Centered>
          <Spinner className="size-10 text-primary" label="Loading Pacts" />
        </Centered>
      ) : query.isError ? (
        <Centered>
          <EmptyState title="Could not load Pacts" description={errorMessage(query.error)}>
            <Button onClick={() => query.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          </EmptyState>
        </Centered>
      ) : pacts.length === 0 ? (
        <Centered>
          <EmptyState icon={Compass} title="No Pacts here yet" description={EMPTY_TEXT[filter]}>
            <Button size="lg" onClick={openCreateWizard}>
              Create Pact
            </Button>
          </EmptyState>
        </Centered>
      ) : (
        <>
          {entries.map((entry, index) =>
            entry.kind === 'pact' ? (
              <FeedSlide
                key={`pact-${entry.pact.id}`}
                pact={entry.pact}
                rootRef={scrollRef}
                onVisible={() => onSlideVisible(index, entries.length)}
              />
            ) : (
              <TeamSlide
                key={`team-${entry.team.id}`}
                team={entry.team}
                rootRef={scrollRef}
                onVisible={() => onSlideVisible(index, entries.length)}
              />
            ),
          )}
          {isFetchingNextPage ? (
            <div className="flex h-20 snap-end items-center justify-center text-white">
              <Spinner className="size-6" label="Loading more Pacts" />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex h-full items-center justify-center bg-background px-6">{children}</div>;
}
