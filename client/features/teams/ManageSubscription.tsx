import type { SubscriptionView, TeamPage } from '@shared/api/teams';
import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { manageSubscription, useResumeSubscription, useTestCard } from '../../api/teams';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Label } from '../../ui/Label';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/use-toast';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { TeamImage } from './TeamImage';
import { TestModeNotice } from './TestModeNotice';
import { STATUS_LABEL } from './team-actions';
import { accentBorder, billingDate, dollars } from './team-format';

/** Manage (the member's card, in the team's look): status, trial end, the next charge, cancel and undo, and the test card or Stripe's portal. */
export function ManageSubscription({ team, sub }: { team: TeamPage; sub: SubscriptionView }) {
  const [canceling, setCanceling] = useState(false);
  const resume = useResumeSubscription();
  const testCard = useTestCard();
  const [opening, setOpening] = useState(false);
  const switchId = useId();

  const undo = () =>
    resume.mutateAsync(team.id).then(
      (next) =>
        toast({
          title: 'Cancellation undone',
          description: next.nextChargeAt
            ? `Your membership continues; next charge ${billingDate(next.nextChargeAt)}.`
            : 'Your membership continues.',
          variant: 'success',
        }),
      (error: unknown) =>
        toast({ title: 'Could not undo', description: errorMessage(error), variant: 'destructive' }),
    );

  const setCardFails = (fail: boolean) =>
    testCard.mutateAsync({ id: team.id, fail }).then(
      () =>
        toast({
          title: fail ? 'Payment failure on' : 'Payment failure off',
          description: fail ? 'The next charge of this membership will fail.' : 'Charges succeed again.',
        }),
      (error: unknown) =>
        toast({
          title: 'Could not change the test card',
          description: errorMessage(error),
          variant: 'destructive',
        }),
    );

  const openPortal = async () => {
    setOpening(true);
    try {
      const { url } = await manageSubscription(team.id);
      if (url) window.location.assign(url);
    } catch (error) {
      toast({ title: 'Could not open billing', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setOpening(false);
    }
  };

  return (
    <Card
      className="mt-4 grid gap-3 border-l-4 p-4"
      style={accentBorder(team.accentColor)}
      aria-labelledby="manage-title"
      role="region"
      data-testid="member-card"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="manage-title" className="flex min-w-0 items-center gap-2.5 font-bold text-lg tracking-tight">
          <TeamImage team={team} className="size-9 rounded-xl text-base" />
          Manage
        </h2>
        <Badge
          variant={sub.status === 'past_due' ? 'destructive' : 'secondary'}
          data-testid="subscription-status"
        >
          {sub.cancelAtPeriodEnd ? 'Canceled' : STATUS_LABEL[sub.status]}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {sub.status === 'trialing' && sub.trialEndsAt ? (
          <Row term="Trial ends" value={billingDate(sub.trialEndsAt)} />
        ) : null}
        {sub.nextChargeAt && sub.nextChargeCents !== null ? (
          // Past due, the charge's date has gone by: it is owed since then, not coming.
          <Row
            term={sub.status === 'past_due' ? 'Payment due' : 'Next charge'}
            value={`${dollars(sub.nextChargeCents)} ${sub.status === 'past_due' ? 'since' : 'on'} ${billingDate(sub.nextChargeAt)}`}
          />
        ) : null}
        {sub.cancelAtPeriodEnd ? <Row term="Access ends" value={billingDate(sub.currentPeriodEnd)} /> : null}
        {sub.status === 'past_due' && sub.graceEndsAt ? (
          <Row term="Access ends" value={`${billingDate(sub.graceEndsAt)} unless a payment succeeds`} />
        ) : null}
      </dl>

      {sub.cancelAtPeriodEnd ? (
        <Button onClick={() => void undo()} disabled={resume.isPending}>
          {resume.isPending ? 'Undoing...' : 'Undo cancel'}
        </Button>
      ) : (
        <Button variant="outline" onClick={() => setCanceling(true)}>
          Cancel subscription
        </Button>
      )}

      {sub.provider === 'stripe' ? (
        <Button variant="secondary" onClick={() => void openPortal()} disabled={opening}>
          <ExternalLink aria-hidden="true" />
          Manage billing
        </Button>
      ) : (
        <div className="flex items-center justify-between gap-3 rounded-xl bg-secondary/60 p-3">
          <Label htmlFor={switchId} className="grid gap-0.5">
            <span>Simulate payment failure</span>
            <span className="font-normal text-muted-foreground text-xs">Renewals fail while this is on.</span>
          </Label>
          <Switch
            id={switchId}
            checked={sub.simulatePaymentFailure}
            disabled={testCard.isPending}
            onCheckedChange={(checked) => void setCardFails(checked)}
          />
        </div>
      )}
      <TestModeNotice />
      {canceling ? (
        <CancelSubscriptionDialog team={team} sub={sub} onClose={() => setCanceling(false)} />
      ) : null}
    </Card>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-semibold">{value}</dd>
    </>
  );
}
