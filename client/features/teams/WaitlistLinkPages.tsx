import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/errors';
import { useConfirmWaitlist, useLeaveWaitlist } from '../../api/waitlist';
import { Button, buttonVariants } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AccountFrame, FormAlert, tokenFromLocation } from '../account/AccountFrame';
import { waitlistCountLabel } from './waitlist';

/** What a refused confirmation link is called (the server's message says why and what to do). */
function refusedTitle(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Could not confirm';
  if (error.status === 409) return 'Already confirmed';
  if (error.status === 410) return 'Link expired';
  return 'Link not valid';
}

function HomeLink({ signedIn }: { signedIn: boolean }) {
  return (
    <Link
      href={signedIn ? '/teams' : '/'}
      className={buttonVariants({ size: 'lg', variant: 'outline', className: 'w-full' })}
    >
      {signedIn ? 'Go to Teams' : 'Go to SweatPact'}
    </Link>
  );
}

/**
 * /waitlist/confirm?token=: the mailed confirmation link, posted once when the page opens (a mail scanner's GET
 * spends nothing). Signed in or out. Success says SPEC's "Welcome to the waitlist!", now true.
 */
export function WaitlistConfirmPage() {
  const { user } = useAuth();
  const confirm = useConfirmWaitlist();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate(tokenFromLocation());
  }, [confirm]);

  if (confirm.isSuccess) {
    return (
      <AccountFrame title="Welcome to the waitlist!">
        <p className="flex items-start gap-2 text-sm" role="status">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-ink" aria-hidden="true" />
          <span>
            <strong className="break-all">{confirm.data.email}</strong> is confirmed. You'll be the first to
            know when Pro Creator launches.
          </span>
        </p>
        <p className="text-muted-foreground text-sm" data-testid="waitlist-confirmed-count">
          {waitlistCountLabel(confirm.data.count, true)}
        </p>
        <HomeLink signedIn={!!user} />
      </AccountFrame>
    );
  }
  if (confirm.isError) {
    return (
      <AccountFrame title={refusedTitle(confirm.error)}>
        <FormAlert>{errorMessage(confirm.error)}</FormAlert>
        <HomeLink signedIn={!!user} />
      </AccountFrame>
    );
  }
  return (
    <AccountFrame title="Confirming your place">
      <div className="flex justify-center py-4">
        <Spinner className="size-6" label="Confirming" />
      </div>
    </AccountFrame>
  );
}

/**
 * /waitlist/leave?token=: the "leave the list" link of every waitlist mail. Signed in or out; it asks before it
 * removes (a link opened by a mail scanner removes nothing), and pressing it again is harmless.
 */
export function WaitlistLeavePage() {
  const { user } = useAuth();
  const leave = useLeaveWaitlist();
  if (leave.isSuccess) {
    return (
      <AccountFrame title="You left the waitlist">
        <p className="flex items-start gap-2 text-sm" role="status">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-ink" aria-hidden="true" />
          <span>
            {leave.data.removed
              ? 'Your address is off the Pro Creator waitlist. We will not email you about it again.'
              : 'This address was already off the Pro Creator waitlist. We will not email you about it.'}
          </span>
        </p>
        <HomeLink signedIn={!!user} />
      </AccountFrame>
    );
  }
  return (
    <AccountFrame title="Leave the waitlist">
      <p className="text-sm">
        Take this address off the Pro Creator waitlist? You will get no more emails about it, including the
        launch.
      </p>
      {leave.isError ? <FormAlert>{errorMessage(leave.error)}</FormAlert> : null}
      <Button size="lg" disabled={leave.isPending} onClick={() => leave.mutate(tokenFromLocation())}>
        {leave.isPending ? 'Leaving...' : 'Leave the waitlist'}
      </Button>
      <HomeLink signedIn={!!user} />
    </AccountFrame>
  );
}
