import type { DmPageQuery } from '@shared/api/messages';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';

/**
 * Direct messages with a team's coach or members. A conversation keeps its messages in its own state
 * (client/features/messages), fed by pages and by the real-time link, so those are plain calls; the list of
 * conversations (unread counts) is a query that direct-message frames invalidate.
 */
const keys = resourceKeys('messages');
export const messageKeys = {
  all: keys.all,
  conversations: (teamId?: number) => keys.key('conversations', teamId ?? 'all'),
};

/** The caller's coaches and members with their last message and unread count (of one team when given). */
export function useConversations(teamId?: number, enabled = true) {
  return useQuery({
    queryKey: messageKeys.conversations(teamId),
    queryFn: ({ signal }) => api.messages.conversations({ query: teamId ? { teamId } : {}, signal }),
    enabled,
    staleTime: STALE.SECONDS_30,
  });
}

/** The newest page, an older one (`before`) or the messages after an id (`after`, catching up). */
export const fetchDmPage = (userId: string, query: DmPageQuery = {}, signal?: AbortSignal) =>
  api.messages.page({ params: { userId }, query, signal });

/** Sends a message; the same clientKey on a retry stores it once. */
export const postDm = (userId: string, message: string, clientKey: string) =>
  api.messages.send({ params: { userId }, body: { message, clientKey } });

/** Marks their messages read up to an id. */
export const markDmRead = (userId: string, upTo: number) =>
  api.messages.read({ params: { userId }, body: { upTo } });
