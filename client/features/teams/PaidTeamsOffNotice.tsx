import { PAID_TEAMS_OFF_MESSAGE } from '@shared/api/teams';
import { Ban } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Said where a trial, a subscription or a Pro team would be offered, when the server's billing is off. */
export function PaidTeamsOffNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-border bg-muted px-3 py-2 font-semibold text-muted-foreground text-sm',
        className,
      )}
    >
      <Ban className="size-4 shrink-0" aria-hidden="true" />
      {PAID_TEAMS_OFF_MESSAGE}
    </p>
  );
}
