import { CHANGE_TOPICS, type ChangeTopic } from '@shared/api/changes';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { authKeys } from '../../api/auth';
import { leaderboardKeys } from '../../api/leaderboard';
import { pactKeys, participationKeys } from '../../api/pacts';
import { calendarKeys, userKeys } from '../../api/users';

/**
 * The queries each "what changed" topic of the server (shared/api/changes.ts) refreshes: exactly the screens
 * showing that data (Profile's figures and calendar, Pact cards' progress and participants, the leaderboard,
 * the user's Pacts). Invalidation refetches what is on screen now and marks the rest stale for its next showing.
 */
const TOPIC_QUERIES: Record<ChangeTopic, readonly QueryKey[]> = {
  progress: [authKeys.user, calendarKeys.all, userKeys.all],
  participations: [participationKeys.all, pactKeys.allParticipants, userKeys.all],
  leaderboard: [leaderboardKeys.all, userKeys.all],
  pacts: [pactKeys.all, participationKeys.all, userKeys.all],
};

/** The query keys a `changed` frame's topics refresh, without repeats. */
export function changedQueryKeys(topics: readonly ChangeTopic[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const topic of topics) for (const key of TOPIC_QUERIES[topic]) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}

export function refreshChanged(queryClient: QueryClient, topics: readonly ChangeTopic[] = CHANGE_TOPICS) {
  return Promise.all(changedQueryKeys(topics).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
