import type { WaitlistAdminEntry } from '@shared/api/waitlist';
import { Download, Megaphone, RotateCcw, Users } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useWaitlistAdmin, useWaitlistLaunchMail, waitlistCsvUrl } from '../../api/waitlist';
import { Button, buttonVariants } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/use-toast';
import { Page } from '../layout/Page';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Pro Creator is live" to each confirmed entry not mailed yet; asks first, since a mail cannot be unsent. */
function LaunchMail({ waiting }: { waiting: number }) {
  const [open, setOpen] = useState(false);
  const launch = useWaitlistLaunchMail();
  const send = () =>
    launch.mutate(undefined, {
      onSuccess: ({ mailed }) => {
        setOpen(false);
        toast({
          title: 'Launch mail queued',
          description: `${mailed} ${mailed === 1 ? 'address' : 'addresses'} will get "Pro Creator is live".`,
          variant: 'success',
        });
      },
      onError: (error) =>
        toast({ title: 'Could not send', description: errorMessage(error), variant: 'destructive' }),
    });
  return (
    <section aria-labelledby="waitlist-launch" className="mt-4 rounded-2xl border border-border bg-card p-4">
      <h2 id="waitlist-launch" className="font-bold text-base">
        Launch announcement
      </h2>
      <p className="mt-1 text-muted-foreground text-sm">
        Mails "Pro Creator is live" once to each confirmed address. {waiting} confirmed{' '}
        {waiting === 1 ? 'address has' : 'addresses have'} not had it yet.
      </p>
      <Button
        className="mt-3 w-full"
        variant="outline"
        disabled={waiting === 0}
        onClick={() => setOpen(true)}
      >
        <Megaphone aria-hidden="true" />
        Send launch mail
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Send "Pro Creator is live"?</DialogTitle>
            <DialogDescription>
              {waiting} confirmed {waiting === 1 ? 'address' : 'addresses'} will get it now. Nobody gets it
              twice, and it cannot be unsent.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button disabled={launch.isPending} onClick={send}>
              {launch.isPending ? 'Sending...' : 'Send'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function EntryRow({ entry }: { entry: WaitlistAdminEntry }) {
  return (
    <li className="rounded-2xl border border-border bg-card p-3 text-sm">
      <p className="break-all font-semibold">{entry.email}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-muted-foreground">
        <dt>Joined</dt>
        <dd>{when(entry.joinedAt)}</dd>
        <dt>Confirmed</dt>
        <dd>{when(entry.confirmedAt)}</dd>
        {entry.launchMailedAt ? (
          <>
            <dt>Launch mail</dt>
            <dd>{when(entry.launchMailedAt)}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** /admin/waitlist: the confirmed Pro Creator waitlist, its CSV and the one launch mail (admins only). */
export function WaitlistAdminPage() {
  const list = useWaitlistAdmin();
  return (
    <Page back="/admin" title="Pro Creator waitlist">
      {list.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          {['a', 'b', 'c'].map((k) => (
            <Skeleton key={k} className="h-20 w-full rounded-2xl" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState title="Could not load the waitlist" description={errorMessage(list.error)}>
          <Button onClick={() => list.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </EmptyState>
      ) : (
        <>
          <section aria-label="Summary" className="rounded-2xl border border-border bg-card p-4">
            <p className="font-extrabold text-2xl" data-testid="waitlist-admin-confirmed">
              {list.data.entries.length} confirmed
            </p>
            <p className="text-muted-foreground text-sm">
              {list.data.unconfirmed} waiting to confirm (not counted, not listed)
            </p>
            <a
              href={waitlistCsvUrl()}
              download
              className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3 w-full' })}
            >
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </section>
          <LaunchMail waiting={list.data.entries.filter((e) => !e.launchMailedAt).length} />
          {list.data.entries.length === 0 ? (
            <EmptyState
              icon={Users}
              headingLevel="h2"
              title="Nobody confirmed yet"
              description="Addresses show here once their owner opens the confirmation link."
            />
          ) : (
            <ul className="mt-4 mb-6 grid gap-2" aria-label="Confirmed entries">
              {list.data.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  );
}
