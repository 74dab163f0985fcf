import { Video } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Page } from '../../app/layout/Page';
import { buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';

/** The full-screen proof recorder (/live/:challengeId, DECISIONS 10). */
export function LivePage() {
  const { challengeId = '' } = useParams<{ challengeId: string }>();
  return (
    <Page back={`/chat/${challengeId}`} title="Live Workout">
      <EmptyState
        headingLevel="h2"
        icon={Video}
        className="mt-6"
        title="Record your workout"
        description="Prove today's workout on camera and send it to your Pact's chat."
      >
        <Link href={`/chat/${challengeId}`} className={buttonVariants({ size: 'lg' })}>
          Open Pact Chat
        </Link>
      </EmptyState>
    </Page>
  );
}
