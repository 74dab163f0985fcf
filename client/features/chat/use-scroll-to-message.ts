import { type RefObject, useEffect, useRef } from 'react';

/** `#message-123` in the address (a proof-review notification or push) names the message to open the chat at. */
export function targetMessageId(hash: string): number | null {
  const match = /^#message-(\d{1,15})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * Once the named message is loaded, scrolls the list to it (centred) and highlights it briefly; the list then stops
 * following the newest message until the reader scrolls back down. Once per address.
 */
export function useScrollToMessage(
  list: RefObject<HTMLDivElement | null>,
  loadedKey: string,
  onScrolled: () => void,
) {
  const done = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again as messages load (loadedKey).
  useEffect(() => {
    const hash = window.location.hash;
    const id = targetMessageId(hash);
    if (id === null || done.current === hash) return;
    const el = list.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    if (!el) return;
    done.current = hash;
    el.scrollIntoView({ block: 'center' });
    el.dataset.highlight = 'true';
    window.setTimeout(() => delete el.dataset.highlight, 2500);
    onScrolled();
  }, [loadedKey]);
}
