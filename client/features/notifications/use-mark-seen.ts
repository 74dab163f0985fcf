import type { Notification } from '@shared/api/notifications';
import { NOTIFICATIONS_MARK_MAX } from '@shared/api/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { markSeen } from '../../api/notifications';

/** The unread ids among `items` not yet sent, at most one request's worth. */
export function unseenIds(
  items: readonly Pick<Notification, 'id' | 'read'>[],
  sent: ReadonlySet<number>,
): number[] {
  return items
    .filter((n) => !n.read && !sent.has(n.id))
    .map((n) => n.id)
    .slice(0, NOTIFICATIONS_MARK_MAX);
}

/**
 * Opening the dialog reads what it shows: the shown unread notifications are marked read on the server at once
 * and the badge refreshes, while the list keeps its unread dots until the dialog closes, so the user still sees
 * which ones are new.
 */
export function useMarkSeen(items: readonly Notification[], open: boolean) {
  const queryClient = useQueryClient();
  const sent = useRef(new Set<number>());
  useEffect(() => {
    if (!open) return;
    const ids = unseenIds(items, sent.current);
    if (ids.length === 0) return;
    for (const id of ids) sent.current.add(id);
    markSeen(ids, queryClient).catch(() => {
      for (const id of ids) sent.current.delete(id);
    });
  }, [items, open, queryClient]);
}
