import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

type EmptyStateProps = {
  icon?: LucideIcon;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** h3 under a page section (the default); h2 when the empty state is the page's first block. */
  headingLevel?: 'h2' | 'h3';
};

/** The centred "nothing here yet" block used by lists across the app. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  className,
  headingLevel: Heading = 'h3',
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-10 text-center',
        className,
      )}
    >
      {Icon ? (
        <div className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <Icon className="size-7" aria-hidden="true" />
        </div>
      ) : null}
      <Heading className="font-bold text-lg tracking-tight">{title}</Heading>
      {description ? <p className="mt-1.5 max-w-xs text-muted-foreground text-sm">{description}</p> : null}
      {children ? <div className="mt-6 flex w-full max-w-xs flex-col gap-2.5">{children}</div> : null}
    </div>
  );
}
