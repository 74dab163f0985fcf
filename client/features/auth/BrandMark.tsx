import { Zap } from 'lucide-react';
import { cn } from '../../lib/cn';

/** The SweatPact logo: a lime tile with a bolt. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-[0_10px_40px_-10px] shadow-primary/70',
        className,
      )}
    >
      <Zap className="size-1/2 fill-current" strokeWidth={2.5} />
    </span>
  );
}
