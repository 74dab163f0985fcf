import type { FriendRequest } from '@shared/api/users';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { useFriendRequests } from '../../api/friends';
import { displayName } from '../../lib/display-name';
import { relativeTime } from '../../lib/relative-time';
import { useNow } from '../../lib/use-now';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Section } from '../layout/Page';
import { AnswerRequestButtons } from './AnswerRequestButtons';
import { WithdrawRequestDialog } from './WithdrawRequestDialog';

/**
 * Profile's "Friend requests": the requests waiting for the caller's answer (Accept, Decline) and the ones the
 * caller sent (Withdraw). Shown only while there is one.
 */
export function FriendRequestsSection() {
  const { data } = useFriendRequests();
  const now = useNow(60_000);
  if (!data || (data.received.length === 0 && data.sent.length === 0)) return null;
  const more = data.receivedCount - data.received.length;
  return (
    <Section title="Friend requests">
      <div className="grid gap-4 rounded-2xl border bg-card p-4">
        {data.received.length > 0 ? (
          <RequestList label="Received" count={data.receivedCount}>
            {data.received.map((r) => (
              <RequestRow key={r.user.id} request={r} now={now}>
                <AnswerRequestButtons userId={r.user.id} name={displayName(r.user)} className="mt-2" />
              </RequestRow>
            ))}
            {more > 0 ? (
              <li className="text-muted-foreground text-xs">
                and {more} older {more === 1 ? 'request' : 'requests'}
              </li>
            ) : null}
          </RequestList>
        ) : null}
        {data.sent.length > 0 ? (
          <RequestList label="Sent" count={data.sent.length}>
            {data.sent.map((r) => (
              <RequestRow key={r.user.id} request={r} now={now} action={<WithdrawButton request={r} />} />
            ))}
          </RequestList>
        ) : null}
      </div>
    </Section>
  );
}

function RequestList({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold text-muted-foreground text-xs uppercase tracking-wide">
        {label} <span className="tabular-nums">({count})</span>
      </h3>
      <ul aria-label={`${label} friend requests`} className="grid gap-3">
        {children}
      </ul>
    </div>
  );
}

function RequestRow({
  request,
  now,
  action,
  children,
}: {
  request: FriendRequest;
  now: Date;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const name = displayName(request.user);
  return (
    <li className="flex items-start gap-3">
      {/* The name beside it is the same link, for keyboards and screen readers. */}
      <Link href={`/user/${request.user.id}`} tabIndex={-1} aria-hidden="true" className="rounded-full">
        <Avatar user={request.user} className="size-11" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <Link
              href={`/user/${request.user.id}`}
              className="block truncate font-semibold text-sm hover:underline focus-visible:underline focus-visible:outline-none"
            >
              {name}
            </Link>
            <p className="text-muted-foreground text-xs">{relativeTime(request.createdAt, now)}</p>
          </div>
          {action}
        </div>
        {children}
      </div>
    </li>
  );
}

function WithdrawButton({ request }: { request: FriendRequest }) {
  const [confirming, setConfirming] = useState(false);
  const name = displayName(request.user);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setConfirming(true)}
        aria-label={`Withdraw friend request to ${name}`}
      >
        Withdraw
      </Button>
      <WithdrawRequestDialog
        userId={request.user.id}
        name={name}
        open={confirming}
        onOpenChange={setConfirming}
      />
    </>
  );
}
