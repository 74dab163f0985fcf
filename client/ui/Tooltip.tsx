import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { TOOLTIP_DELAY_MS } from '@shared/domain/limits';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

/** Tooltips open after 700 ms. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS}>{children}</TooltipPrimitive.Provider>;
}

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-64 rounded-lg bg-foreground px-3 py-1.5 font-medium text-background text-xs shadow-lg animate-fade-in',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
