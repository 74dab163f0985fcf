import { useRef } from 'react';

/**
 * Radix gives focus back to a Dialog.Trigger on close. A dialog opened another way (from a store, or from a menu
 * item) gives it back to whatever had focus when it opened, while that is still on the page; a menu item is gone
 * once its menu closes, so for one the menu's own button (the element that controls the menu) is kept instead.
 * Otherwise Radix's own choice stands.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current =
        active instanceof HTMLElement && active !== document.body ? menuButtonOf(active) : null;
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

/** For an item of an open menu, the button that opened the menu (Radix links them by `aria-controls`). */
function menuButtonOf(el: HTMLElement): HTMLElement {
  const menu = el.closest('[role="menu"]');
  if (!menu?.id) return el;
  const button = document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
  return button instanceof HTMLElement ? button : el;
}
