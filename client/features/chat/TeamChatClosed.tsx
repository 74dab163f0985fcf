import { PAID_TEAMS_OFF_MESSAGE } from '@shared/api/teams';
import { Crown } from 'lucide-react';
import { Link } from 'wouter';
import { usePaidTeamsOff } from '../../api/teams';
import { buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../layout/Page';

/**
 * A team Pact's chat for someone without team access (never had it, or their subscription ended, even while the
 * chat was open): its card stays visible to all, its chat is the team's. The team page is where access starts again.
 */
export function TeamChatClosed({ title, team }: { title: string; team: { id: number; name: string } }) {
  const off = usePaidTeamsOff();
  return (
    <Page back="/" title={title}>
      <EmptyState
        headingLevel="h2"
        icon={Crown}
        className="mt-6"
        title={`This chat is for ${team.name} members`}
        description={
          off ? PAID_TEAMS_OFF_MESSAGE : 'Start a trial or subscribe on the team page to read and write here.'
        }
      >
        <Link href={`/teams/${team.id}`} className={buttonVariants({ size: 'lg' })}>
          Open team page
        </Link>
      </EmptyState>
    </Page>
  );
}
