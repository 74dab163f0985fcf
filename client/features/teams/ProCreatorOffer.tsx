import { WAITLIST_CONFIRM_HOURS } from '@shared/api/waitlist';
import { WAITLIST_EARLY_BIRD_PRICE_DOLLARS, WAITLIST_NORMAL_PRICE_DOLLARS } from '@shared/domain/limits';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useAuth } from '../../api/auth';
import { errorMessage } from '../../api/errors';
import { useJoinWaitlist, useWaitlist } from '../../api/teams';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { toast } from '../../ui/use-toast';
import { waitlistCountLabel } from './waitlist';

/**
 * The Pro Creator offer (SPEC 2 "Teams"): COMING SOON, the early-bird and normal prices, how many creators are on
 * the waitlist (the real count) and Join Waitlist. 'inline' sits in the Teams screen's card, its Join Waitlist
 * opening the modal (`onJoinClick`); 'card' is the modal's boxed body, which asks for the email and stores it once.
 * Both read the same waitlist answer: joining shows "Check your inbox to confirm" in both (the address counts once
 * its mailed link is opened), and a confirmed address shows "You're on the list!".
 */
export function ProCreatorOffer({
  variant,
  onJoinClick,
}: {
  variant: 'inline' | 'card';
  onJoinClick?: () => void;
}) {
  const { user } = useAuth();
  const waitlist = useWaitlist();
  const join = useJoinWaitlist();
  const [email, setEmail] = useState(user?.email ?? '');
  const emailId = useId();
  const count = waitlist.data?.count ?? null;
  const confirmed = waitlist.data?.confirmed === true;
  const pending = waitlist.data?.joined === true && !confirmed;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    join.mutate(address, {
      onSuccess: (answer) => {
        toast(
          answer.confirmed
            ? {
                title: 'Welcome to the waitlist!',
                description: "You'll be the first to know when Pro Creator launches.",
                variant: 'success',
              }
            : {
                title: 'Check your inbox to confirm',
                description: `We sent a link to ${address}. Your place counts once you open it.`,
                variant: 'success',
              },
        );
      },
      onError: (error) =>
        toast({ title: 'Failed to join waitlist', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <div
      className={cn(
        'grid gap-3',
        variant === 'card' && 'rounded-2xl border border-primary/40 bg-accent/40 p-4',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge>COMING SOON</Badge>
        <span className="font-extrabold text-2xl tracking-tight">
          ${WAITLIST_EARLY_BIRD_PRICE_DOLLARS}/month
        </span>
        <span className="text-muted-foreground text-sm">
          early bird, normally <s>${WAITLIST_NORMAL_PRICE_DOLLARS}/month</s>
        </span>
      </div>
      {count !== null ? (
        <p className="text-muted-foreground text-sm" data-testid="waitlist-count">
          {waitlistCountLabel(count, confirmed)}
        </p>
      ) : null}
      {confirmed ? (
        <div role="status" className="flex items-start gap-3 rounded-xl bg-primary/10 p-3">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-ink" aria-hidden="true" />
          <div>
            <p className="font-bold">You're on the list!</p>
            <p className="text-muted-foreground text-sm">We'll notify you when Pro Creator launches</p>
          </div>
        </div>
      ) : null}
      {pending ? (
        <div role="status" className="flex items-start gap-3 rounded-xl bg-primary/10 p-3">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-brand-ink" aria-hidden="true" />
          <div>
            <p className="font-bold">Check your inbox to confirm</p>
            <p className="text-muted-foreground text-sm">
              Open the link we emailed you within {WAITLIST_CONFIRM_HOURS} hours. Your place counts once you
              do.
            </p>
          </div>
        </div>
      ) : null}
      {confirmed || (pending && variant === 'inline') ? null : variant === 'inline' ? (
        <Button onClick={onJoinClick}>Join Waitlist</Button>
      ) : (
        <form className="grid gap-2" onSubmit={submit}>
          <Label htmlFor={emailId}>Email</Label>
          <Input
            id={emailId}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" disabled={join.isPending || email.trim() === ''}>
            {join.isPending ? 'Joining...' : pending ? 'Send a new link' : 'Join Waitlist'}
          </Button>
        </form>
      )}
    </div>
  );
}
