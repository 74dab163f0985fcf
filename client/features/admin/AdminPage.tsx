import { ListChecks, RotateCcw, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { errorMessage } from '../../api/errors';
import { useModerationQueue } from '../../api/safety';
import { useNow } from '../../lib/use-now';
import { Button, buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Page } from '../layout/Page';
import { ReportCard } from './ReportCard';

/**
 * /admin: the moderation queue of open reports about Pacts and users, and the way to the Pro Creator waitlist
 * (admins only; others get the 404 page).
 */
export function AdminPage() {
  const queue = useModerationQueue();
  const now = useNow(60_000);
  const items = queue.data?.pages.flatMap((p) => p.items ?? []) ?? [];
  return (
    <Page back="/" title="Moderation">
      <Link
        href="/admin/waitlist"
        className={buttonVariants({ variant: 'outline', className: 'mb-3 w-full' })}
      >
        <ListChecks aria-hidden="true" />
        Pro Creator waitlist
      </Link>
      {queue.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          {['a', 'b', 'c'].map((k) => (
            <Skeleton key={k} className="h-44 w-full rounded-2xl" />
          ))}
        </div>
      ) : queue.isError ? (
        <EmptyState title="Could not load reports" description={errorMessage(queue.error)}>
          <Button onClick={() => queue.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={ShieldCheck} headingLevel="h2" title="All clear" description="No open reports." />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3" aria-label="Open reports">
            {items.map((report) => (
              <ReportCard key={report.id} report={report} now={now} />
            ))}
          </ul>
          {queue.hasNextPage ? (
            <Button
              variant="outline"
              className="mt-3 mb-6 w-full"
              disabled={queue.isFetchingNextPage}
              onClick={() => queue.fetchNextPage()}
            >
              {queue.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          ) : null}
        </>
      )}
    </Page>
  );
}
