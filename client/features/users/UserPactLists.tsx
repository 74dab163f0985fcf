import type { Challenge, Participation } from '@shared/api/pacts';
import { PROFILE_LIST_LIMITS } from '@shared/api/users';
import { targetText } from '@shared/domain/exercises';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../ui/Badge';
import { buttonVariants } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Section } from '../layout/Page';
import { JoinPactButton } from './JoinPactButton';
import { PactThumb } from './PactThumb';
import { completedInLabel, dayOfLabel } from './stats';

/** One row of the user page lists: thumbnail, title, a line under it, and something at the end. */
function PactRow({ pact, line, end }: { pact: Challenge; line: ReactNode; end?: ReactNode }) {
  return (
    <li className="min-w-0">
      <Card className="flex min-w-0 items-center gap-3 p-2.5">
        <Link href={`/chat/${pact.id}`} className="flex min-w-0 flex-1 items-center gap-3">
          <PactThumb pact={pact} className="size-14" />
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="truncate font-semibold text-sm">{pact.title}</span>
            <span className="truncate text-muted-foreground text-xs">{line}</span>
          </span>
        </Link>
        {end}
      </Card>
    </li>
  );
}

function List({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Section title={title}>
      {children.length > 0 ? (
        <ul className="flex flex-col gap-2">{children}</ul>
      ) : (
        <p className="rounded-2xl border border-border border-dashed px-4 py-5 text-center text-muted-foreground text-sm">
          {empty}
        </p>
      )}
    </Section>
  );
}

export function ActiveChallenges({ items }: { items: Participation[] }) {
  return (
    <List title="Active Challenges" empty="No active challenges right now.">
      {items.slice(0, PROFILE_LIST_LIMITS.active).map((p) => (
        <PactRow
          key={p.id}
          pact={p.challenge}
          line={dayOfLabel(p)}
          end={<Badge variant="secondary">In Progress</Badge>}
        />
      ))}
    </List>
  );
}

export function CompletedChallenges({ items }: { items: Participation[] }) {
  return (
    <List title="Completed Challenges" empty="No completed challenges yet.">
      {items.slice(0, PROFILE_LIST_LIMITS.completed).map((p) => (
        <PactRow key={p.id} pact={p.challenge} line={completedInLabel(p)} />
      ))}
    </List>
  );
}

/**
 * Own Profile: the team Pacts whose access ended ('Ended: team access ended'), each with the way back to its team.
 * Shown only while there is one; other people's pages show them among Completed Challenges.
 */
export function EndedTeamPacts({ items }: { items: Participation[] }) {
  const ended = items.filter((p) => p.status === 'ended');
  if (ended.length === 0) return null;
  return (
    <List title="Ended Pacts" empty="">
      {ended.map((p) => (
        <PactRow
          key={p.id}
          pact={p.challenge}
          line={completedInLabel(p)}
          end={
            p.challenge.teamId ? (
              <Link
                href={`/teams/${p.challenge.teamId}`}
                className={buttonVariants({ size: 'sm', variant: 'secondary' })}
              >
                Go to Team
              </Link>
            ) : null
          }
        />
      ))}
    </List>
  );
}

export function CreatedChallenges({
  items,
  title = 'Created Challenges',
}: {
  items: Challenge[];
  title?: string;
}) {
  return (
    <List title={title} empty="No public challenges created yet.">
      {items.slice(0, PROFILE_LIST_LIMITS.created).map((pact) => (
        <PactRow
          key={pact.id}
          pact={pact}
          line={`${targetText(pact.targetValue, pact.exerciseType)} · ${pact.participantCount} joined`}
          end={<JoinPactButton pact={pact} />}
        />
      ))}
    </List>
  );
}
