import { FlaskConical } from 'lucide-react';
import { useBillingMode } from '../../api/teams';
import { cn } from '../../lib/cn';

/** Every payment screen in test mode says so: nothing shown here ever charges a card. */
export function TestModeNotice({ className }: { className?: string }) {
  const mode = useBillingMode();
  if (mode.data?.mode !== 'test') return null;
  return (
    <p
      role="note"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 px-3 py-2 font-semibold text-amber-900 text-xs dark:text-amber-200',
        className,
      )}
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
      Test mode - no real charges
    </p>
  );
}
