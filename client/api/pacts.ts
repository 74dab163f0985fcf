import type { ChallengeFilter, CreateChallengeBody, UpdateChallengeBody } from '@shared/api/pacts';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { authKeys } from './auth';
import { api } from './client';
import { resourceKeys, STALE } from './keys';
import { FAIL_WHEN_OFFLINE, listOrEmpty } from './query-client';
import { userKeys } from './users';

/**
 * Pacts and participations. The caller's writes invalidate what they may change (`invalidatePactQueries`); others'
 * decisions arrive as `changed` frames (client/lib/realtime/cache-updates.ts); each answer has a freshness time.
 */

const keys = resourceKeys('pacts');
export const pactKeys = {
  all: keys.all,
  /** One filter's lists: the paged feed and the first page alike. */
  list: (filter: ChallengeFilter) => keys.key('list', filter),
  pages: (filter: ChallengeFilter, limit: number) => keys.key('list', filter, 'pages', limit),
  firstPage: (filter: ChallengeFilter, limit: number) => keys.key('list', filter, 'first', limit),
  detail: (id: number) => keys.key('detail', id),
  participants: (id: number) => keys.key('participants', id),
  /** Every Pact's participant list (their progress moves with any decision). */
  allParticipants: keys.key('participants'),
  live: keys.key('live'),
  liked: keys.key('liked'),
};

const participationsKeys = resourceKeys('participations');
export const participationKeys = {
  all: participationsKeys.all,
  mine: participationsKeys.key('mine'),
  ofUser: (userId: string) => participationsKeys.key('user', userId),
};

export type { ChallengeFilter };
export const CHALLENGES_PAGE_SIZE = 20;

/** Cursor pages of Pacts (Discover's feed, a filter's full list). */
export const challengesQuery = (filter: ChallengeFilter = 'all', limit = CHALLENGES_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: pactKeys.pages(filter, limit),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.pacts.list({ query: { filter, limit, cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (page) => page.nextCursor,
    staleTime: STALE.MINUTE,
  });
export const useChallenges = (filter: ChallengeFilter = 'all', limit = CHALLENGES_PAGE_SIZE) =>
  useInfiniteQuery(challengesQuery(filter, limit));

/** The caller's own Pacts, newest first, one page (Home and Profile "My Pacts"). */
export const myPactsQuery = (limit = 5) =>
  queryOptions({
    queryKey: pactKeys.firstPage('mine', limit),
    queryFn: ({ signal }) => api.pacts.list({ query: { filter: 'mine', limit }, signal }),
    staleTime: STALE.MINUTE,
  });
export const useMyPacts = (limit = 5) => useQuery(myPactsQuery(limit));

export function useChallenge(id: number | null | undefined) {
  return useQuery({
    queryKey: pactKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.pacts.get({ params: { id: id ?? 0 }, signal }),
    enabled: !!id,
    staleTime: STALE.SECONDS_30,
  });
}

/** A Pact's participants; `allowed` false (a team Pact without team access: the server refuses) asks nothing. */
export function useParticipants(id: number | null | undefined, allowed = true) {
  return useQuery({
    queryKey: pactKeys.participants(id ?? 0),
    queryFn: ({ signal }) =>
      listOrEmpty(() => api.pacts.participants({ params: { id: id ?? 0 }, signal }), 'participants'),
    enabled: !!id && allowed,
    staleTime: STALE.SECONDS_30,
  });
}

export function useLivePacts() {
  return useQuery({
    queryKey: pactKeys.live,
    queryFn: ({ signal }) => listOrEmpty(() => api.pacts.live({ signal }), 'live Pacts'),
    staleTime: STALE.SECONDS_30,
  });
}

/** The caller's participations, each with its Pact. */
export const participationsQuery = () =>
  queryOptions({
    queryKey: participationKeys.mine,
    queryFn: ({ signal }) => listOrEmpty(() => api.pacts.myParticipations({ signal }), 'participations'),
    staleTime: STALE.MINUTE,
  });
export const useParticipations = () => useQuery(participationsQuery());

export function useUserParticipations(userId: string | null | undefined) {
  return useQuery({
    queryKey: participationKeys.ofUser(userId ?? ''),
    queryFn: ({ signal }) =>
      listOrEmpty(
        () => api.pacts.userParticipations({ params: { userId: userId ?? '' }, signal }),
        'participations',
      ),
    enabled: !!userId,
    staleTime: STALE.MINUTE,
  });
}

export function useLikedPacts() {
  return useQuery({
    queryKey: pactKeys.liked,
    queryFn: ({ signal }) => listOrEmpty(() => api.pacts.liked({ signal }), 'liked Pacts'),
    staleTime: STALE.MINUTES_5,
  });
}

/** Everything a Pact write can change: Pact lists and details, participations, likes and user profiles. */
export async function invalidatePactQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pactKeys.all }),
    queryClient.invalidateQueries({ queryKey: participationKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
  ]);
}

function usePactMutation<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>, alsoAuth = false) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVars>({
    mutationFn,
    // Create (the wizard) and Edit (its dialog) wait on the answer: offline they fail at once.
    ...FAIL_WHEN_OFFLINE,
    onSuccess: async () => {
      await invalidatePactQueries(queryClient);
      // A Pro Pact makes its creator a Pro user with a new team: the current user and the teams lists change too
      // (teams.ts imports this module, so its key is named here rather than imported).
      if (alsoAuth) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: authKeys.user }),
          queryClient.invalidateQueries({ queryKey: resourceKeys('teams').all }),
        ]);
      }
    },
  });
}

export type CreatePactInput = CreateChallengeBody;

/**
 * Creating a Pact is never held back while offline (React Query would pause it, and send it whenever the phone
 * reconnects, even after the wizard was closed): offline it fails at once, and the wizard, which keeps what was
 * entered, says so. `signal` stops a create that the wizard's closing abandons.
 */
export function useCreatePact() {
  return usePactMutation(
    ({ body, signal }: { body: CreatePactInput; signal?: AbortSignal }) => api.pacts.create({ body, signal }),
    true,
  );
}

export function useUpdatePact() {
  return usePactMutation(({ id, changes }: { id: number; changes: UpdateChallengeBody }) =>
    api.pacts.update({ params: { id }, body: changes }),
  );
}

export function useDeletePact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.pacts.remove({ params: { id } }),
    onSuccess: async (_data, id) => {
      // Drop the gone Pact's own queries first, so the invalidation does not refetch them into 404s.
      queryClient.removeQueries({ queryKey: pactKeys.detail(id) });
      await invalidatePactQueries(queryClient);
    },
  });
}

export function useJoinPact() {
  return usePactMutation((id: number) => api.pacts.join({ params: { id } }));
}

export function useLeavePact() {
  return usePactMutation((id: number) => api.pacts.leave({ params: { id } }));
}

export function useLikePact() {
  return usePactMutation((id: number) => api.pacts.like({ params: { id } }));
}

/** A report changes nothing the caller sees, so nothing is invalidated. */
export function useReportPact() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.pacts.report({ params: { id }, body: { reason } }),
  });
}
