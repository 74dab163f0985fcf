import type { TeamPage } from '@shared/api/teams';
import { Crown, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { EditTeamDialog } from './EditTeamDialog';
import { ManageSubscription } from './ManageSubscription';
import { PaidTeamsOffNotice } from './PaidTeamsOffNotice';
import { PayoutsCard } from './PayoutsCard';
import { TestModeNotice } from './TestModeNotice';
import { TEAM_ACTION_LABEL, teamAction } from './team-actions';
import { membersLabel, perMonth, trialLabel } from './team-format';
import { useStartTrial } from './use-start-trial';

/**
 * The team page's action block: Edit for the coach, Manage for a member, Start Trial / Subscribe for others, and
 * while a completed Stripe Checkout waits for its webhook (`confirming`), that wait.
 */
export function MembershipPanel({ team, confirming }: { team: TeamPage; confirming: boolean }) {
  if (team.isCoach) {
    return (
      <>
        <CoachPanel team={team} />
        {team.billingMode === 'stripe' ? <PayoutsCard /> : null}
      </>
    );
  }
  const sub = team.mySubscription;
  if (sub && (sub.hasAccess || sub.status === 'past_due'))
    return <ManageSubscription team={team} sub={sub} />;
  if (confirming) {
    return (
      <Card className="mt-4 flex items-center gap-3 p-4">
        <Spinner className="size-5 text-primary" label="Confirming your payment" />
        <p className="text-sm">Confirming your payment with Stripe...</p>
      </Card>
    );
  }
  return <JoinPanel team={team} />;
}

function CoachPanel({ team }: { team: TeamPage }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card className="mt-4 flex items-center gap-3 p-4">
      <Crown className="size-6 shrink-0 text-brand-ink" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-bold">You coach this team</p>
        <p className="text-muted-foreground text-xs">{membersLabel(team.memberCount)} with access</p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      {editing ? <EditTeamDialog team={team} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}

function JoinPanel({ team }: { team: TeamPage }) {
  const { start, pendingId } = useStartTrial();
  const action = teamAction(team);
  const busy = pendingId === team.id;
  const ended = team.mySubscription !== null;
  if (team.billingMode === 'off') {
    return (
      <Card className="mt-4 grid gap-2 p-4">
        <p className="font-bold">{perMonth(team.subscriptionPrice)} membership</p>
        <PaidTeamsOffNotice />
      </Card>
    );
  }
  return (
    <Card className="mt-4 grid gap-3 p-4">
      <div>
        <p className="font-bold">
          {action === 'trial' ? trialLabel(team.trialDays) : 'Your membership has ended'}
        </p>
        <p className="text-muted-foreground text-sm">
          {action === 'trial'
            ? `Then ${perMonth(team.subscriptionPrice)}. Cancel any time before the trial ends and pay nothing.`
            : `Subscribe again for ${perMonth(team.subscriptionPrice)}${ended ? '; there is no second free trial' : ''}.`}
        </p>
      </div>
      <Button size="lg" disabled={busy} onClick={() => start(team, action)}>
        {busy ? 'Starting...' : TEAM_ACTION_LABEL[action]}
      </Button>
      <TestModeNotice />
    </Card>
  );
}
