import type { DataType, PendingDeletion } from '@shared/api/privacy';
import { errorMessage } from '../../api/errors';
import { useCancelDeletion, usePendingDeletions } from '../../api/privacy';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/use-toast';
import { DATA_TYPE_LABELS } from './data-type-labels';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** What a pending request will erase, in the form's words. */
export function whatGoes(request: Pick<PendingDeletion, 'dataTypes' | 'fullAccountDeletion'>): string {
  if (request.fullAccountDeletion) return 'Your entire account';
  return request.dataTypes.map((type: DataType) => DATA_TYPE_LABELS[type]).join(', ');
}

/**
 * Settings' scheduled deletions: each request of the user that has not run, when it runs, and Cancel (nothing is
 * erased then). Renders nothing when there is none.
 */
export function PendingDeletions() {
  const { data } = usePendingDeletions();
  const cancel = useCancelDeletion();
  const requests = data?.requests ?? [];
  if (requests.length === 0) return null;
  return (
    <ul className="mt-2 grid gap-2" aria-label="Scheduled deletions">
      {requests.map((request) => {
        const busy = cancel.isPending && cancel.variables === request.id;
        return (
          <li
            key={request.id}
            className="flex items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-3"
          >
            <span className="min-w-0 flex-1 text-sm">
              <span className="block font-semibold">{whatGoes(request)}</span>
              <span className="block text-muted-foreground text-xs">
                {request.runAfter
                  ? `Will be deleted ${when(request.runAfter)}`
                  : 'Waiting for email confirmation'}
              </span>
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() =>
                cancel.mutate(request.id, {
                  onSuccess: () =>
                    toast({
                      title: 'Deletion cancelled',
                      description: 'Nothing will be deleted.',
                      variant: 'success',
                    }),
                  onError: (error) =>
                    toast({
                      title: 'Could not cancel',
                      description: errorMessage(error),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {busy ? 'Cancelling...' : 'Cancel deletion'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
