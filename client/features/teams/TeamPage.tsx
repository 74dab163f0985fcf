import type { TeamPage as TeamPageData } from '@shared/api/teams';
import { Check, Crown } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { errorStatus } from '../../api/errors';
import { useTeam } from '../../api/teams';
import { displayName } from '../../lib/display-name';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { buttonVariants } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Page, Section } from '../layout/Page';
import { TeamMessages } from '../messages/TeamMessages';
import { MembershipPanel } from './MembershipPanel';
import { programFacts } from './ProgramCard';
import { TeamImage } from './TeamImage';
import { TeamPactRow } from './TeamPactRow';
import { perMonth } from './team-format';
import { useCheckoutReturn } from './use-checkout-return';

/** A team (/teams/:id): coach, description, price, what members get, its Pacts, and join / manage / edit. */
export function TeamPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { awaitingSubscription } = useCheckoutReturn();
  const team = useTeam(valid ? id : null, awaitingSubscription);

  if (!valid || (team.isError && errorStatus(team.error) === 404)) {
    return (
      <Page title="Team" back="/teams">
        <EmptyState
          title="Team not found"
          description="This team does not exist or was removed."
          headingLevel="h2"
        >
          <Link href="/teams" className={buttonVariants()}>
            Back to Teams
          </Link>
        </EmptyState>
      </Page>
    );
  }
  if (team.isError) {
    return (
      <Page title="Team" back="/teams">
        <EmptyState
          title="Could not load this team"
          description="Check your connection and try again."
          headingLevel="h2"
        />
      </Page>
    );
  }
  if (!team.data) {
    return (
      <Page title="Team" back="/teams">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="mt-4 h-24 w-full rounded-2xl" />
      </Page>
    );
  }
  return <TeamView team={team.data} confirming={awaitingSubscription} />;
}

function TeamView({ team, confirming }: { team: TeamPageData; confirming: boolean }) {
  return (
    <Page title={team.name} back="/teams">
      <Card className="overflow-hidden">
        <div className="flex gap-4 p-4">
          <TeamImage team={team} className="size-20 rounded-2xl text-3xl" />
          <div className="min-w-0 flex-1">
            <Badge>
              <Crown aria-hidden="true" />
              Premium Program
            </Badge>
            <p className="mt-2 font-extrabold text-2xl tracking-tight">{perMonth(team.subscriptionPrice)}</p>
            <Link
              href={`/user/${team.coach.id}`}
              className="-mt-1.5 -mb-2.5 flex min-h-11 w-fit items-center gap-2 rounded-full text-sm hover:underline"
            >
              <Avatar user={team.coach} className="size-6" />
              <span>
                Coach <span className="font-semibold">{displayName(team.coach)}</span>
              </span>
            </Link>
          </div>
        </div>
        <ul className="flex flex-wrap gap-2 px-4 pb-4 text-xs">
          {programFacts(team).map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="flex items-center gap-1.5 rounded-full bg-secondary px-2.5 py-1 font-semibold"
            >
              <Icon className="size-3.5" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </Card>

      <p className="mt-4 whitespace-pre-line text-sm leading-relaxed">{team.description}</p>

      <MembershipPanel team={team} confirming={confirming} />
      <TeamMessages team={team} />

      {team.features.length > 0 ? (
        <Section title="What members get">
          <ul className="grid grid-cols-1 gap-2 text-sm">
            {team.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-brand-ink" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="Team Pacts">
        {team.pacts.length === 0 ? (
          <p className="text-muted-foreground text-sm">No Pacts in this team yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2">
            {team.pacts.map((pact) => (
              <TeamPactRow key={pact.id} pact={pact} canJoin={team.isCoach || team.hasAccess} />
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
