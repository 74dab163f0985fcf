import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A large selectable card (template, visibility): a toggle button that shows when it is the chosen one. */
export function ChoiceCard({
  selected,
  onSelect,
  icon,
  title,
  badge,
  disabled = false,
  children,
}: {
  selected: boolean;
  /** Shown but not choosable (the reason goes in `children`). */
  disabled?: boolean;
  onSelect: () => void;
  icon: ReactNode;
  title: string;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      disabled={disabled}
      className={cn(
        'flex w-full items-start gap-3 rounded-2xl border bg-card p-4 text-left transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:scale-[0.99] disabled:cursor-not-allowed disabled:opacity-60 disabled:active:scale-100',
        selected ? 'border-primary ring-1 ring-primary' : 'border-border hover:border-input',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-xl text-xl',
          selected ? 'bg-primary text-primary-foreground' : 'bg-accent text-accent-foreground',
        )}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="font-bold text-base leading-tight">{title}</span>
          {badge}
        </span>
        {children}
      </span>
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border',
          selected ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
        )}
      >
        {selected ? <Check className="size-3" strokeWidth={3} /> : null}
      </span>
    </button>
  );
}
