import type { Challenge } from '@shared/api/pacts';
import { Video } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { errorStatus } from '../../api/errors';
import { useChallenge } from '../../api/pacts';
import { buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { Page } from '../layout/Page';
import { PactNotFound } from '../pacts/PactNotFound';
import { LiveRecorder } from './LiveRecorder';

/** The full-screen proof recorder (/live/:challengeId), opened by 'Start Stream Now'. */
export function LivePage() {
  const { challengeId = '' } = useParams<{ challengeId: string }>();
  const id = /^\d+$/.test(challengeId) ? Number(challengeId) : 0;
  const pact = useChallenge(id || null);
  const data: Challenge | undefined = typeof pact.data?.id === 'number' ? pact.data : undefined;

  if (!id || errorStatus(pact.error) === 404) return <PactNotFound />;
  if (!data) {
    return (
      <div className="flex h-dvh items-center justify-center bg-black text-white">
        <Spinner className="size-8" label="Loading" />
      </div>
    );
  }
  if (data.myStatus !== 'active') {
    return (
      <Page back={`/chat/${id}`} title="Live Workout">
        <EmptyState
          headingLevel="h2"
          icon={Video}
          className="mt-6"
          title="Join this Pact to go live"
          description="Only members of a Pact record workout proof for it."
        >
          <Link href={`/chat/${id}`} className={buttonVariants({ size: 'lg' })}>
            Open Pact Chat
          </Link>
        </EmptyState>
      </Page>
    );
  }
  return <LiveRecorder pact={data} />;
}
