import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws a screen into the page (app/first-paint.tsx), true in the browser from the first
 * render. For what only the phone can know (what was dismissed on it, its clock): the server's picture leaves it
 * out rather than draw it wrong.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
