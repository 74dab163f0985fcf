import { useRef } from 'react';

/**
 * Radix gives focus back to a Dialog.Trigger on close. A dialog opened another way (from a store, or from a menu
 * item that is gone once the menu closes) gives it back to whatever had focus when it opened, while that is still
 * on the page; else Radix's own choice stands.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const el = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !el?.isConnected) return;
      event.preventDefault();
      el.focus();
    },
  };
}
