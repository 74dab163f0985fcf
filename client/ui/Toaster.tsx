import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@shared/domain/limits';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';
import { useToastPlacement } from './toast-placement';
import { dismissToast, type ToastVariant, useToast } from './use-toast';

const variantClass: Record<ToastVariant, string> = {
  default: 'border-border bg-popover text-popover-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
  success: 'border-primary/40 bg-popover text-popover-foreground',
};

/** Toasts stay 5 s, a swipe right past 50 px dismisses, F8 focuses the viewport, at most 420 px wide. */
export function Toaster() {
  const { toasts } = useToast();
  const placement = useToastPlacement();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, variant = 'default', open, duration }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pr-12 shadow-2xl',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
            variantClass[variant],
          )}
        >
          {variant === 'success' ? (
            <span aria-hidden="true" className="mt-1 size-2.5 shrink-0 rounded-full bg-primary" />
          ) : null}
          <div className="grid min-w-0 flex-1 gap-1">
            {title ? (
              <ToastPrimitive.Title className="font-semibold text-sm">{title}</ToastPrimitive.Title>
            ) : null}
            {description ? (
              <ToastPrimitive.Description className="text-sm opacity-85">
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {action}
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-full opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        data-placement={placement}
        className={cn(
          'fixed right-0 left-0 z-100 mx-auto flex max-h-dvh w-full max-w-[420px] flex-col gap-2 p-4 outline-none',
          placement === 'top' &&
            'top-0 pt-[calc(max(1rem,env(safe-area-inset-top))+var(--offline-inset,0px)+var(--reminder-inset,0px))]',
          placement === 'bottom' && 'bottom-0 pb-[max(1rem,env(safe-area-inset-bottom))]',
          placement === 'middle' && 'top-1/2 -translate-y-1/2',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
