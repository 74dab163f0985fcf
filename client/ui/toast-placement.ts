import { useEffect, useSyncExternalStore } from 'react';

/**
 * Where toasts appear: at the top, unless a screen holds controls there that must stay reachable (the chat's open
 * camera panel, whose Record button sits right under the header); then at the bottom for as long as it is open.
 */
let keepTopClear = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export type ToastPlacement = 'top' | 'bottom';

export function toastPlacement(): ToastPlacement {
  return keepTopClear > 0 ? 'bottom' : 'top';
}

/** While the calling component is mounted, toasts (and the reminder card) keep off the top of the screen. */
export function useKeepTopClear() {
  useEffect(() => {
    keepTopClear += 1;
    notify();
    return () => {
      keepTopClear -= 1;
      notify();
    };
  }, []);
}

export function useToastPlacement(): ToastPlacement {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toastPlacement,
    () => 'top',
  );
}
