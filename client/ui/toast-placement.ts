import { useEffect, useSyncExternalStore } from 'react';

/**
 * Where toasts appear: at the top, unless a screen holds controls there that must stay reachable. The chat's open
 * camera panel (Record sits right under the header) moves them to the bottom; the full-screen recorder, with
 * controls at both ends, to the middle of the screen, over the camera's picture. The screen opened last decides.
 */
export type ToastPlacement = 'top' | 'bottom' | 'middle';

const requests: ToastPlacement[] = [];
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function toastPlacement(): ToastPlacement {
  return requests.at(-1) ?? 'top';
}

/** While the calling component is mounted (and `active`), toasts (and the reminder card) keep to `placement`. */
export function usePlaceToasts(placement: Exclude<ToastPlacement, 'top'>, active = true) {
  useEffect(() => {
    if (!active) return;
    requests.push(placement);
    notify();
    return () => {
      requests.splice(requests.lastIndexOf(placement), 1);
      notify();
    };
  }, [placement, active]);
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
