import type {
  Challenge,
  ChallengePage,
  CreateChallengeBody,
  LikeResponse,
  Participant,
  Participation,
  UpdateChallengeBody,
} from '@shared/api/pacts';
import type { Friend } from '@shared/api/users';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiJson, queryKeyToPath } from '../../lib/api';
import { AUTH_USER_KEY } from '../auth/use-auth';

/**
 * Query keys and hooks of the Pacts API. Keys start with the API path, so the default query function GETs them
 * ('/api/challenges', 5 -> /api/challenges/5). Results never go stale (SPEC 7), so every write invalidates the
 * keys it touches explicitly.
 */

export type ChallengeFilter = 'all' | 'friends' | 'popular' | 'mine';

export const pactKeys = {
  /** Prefix of every Pact read: lists, one Pact, participants, live. */
  all: ['/api/challenges'] as const,
  list: (filter: ChallengeFilter) => ['/api/challenges', { filter }] as const,
  detail: (id: number) => ['/api/challenges', id] as const,
  participants: (id: number) => ['/api/challenges', id, 'participants'] as const,
  live: ['/api/challenges', 'live'] as const,
  /** Prefix of the caller's and other users' participations. */
  participations: ['/api/user/participations'] as const,
  userParticipations: (userId: string) => ['/api/user/participations', userId] as const,
  liked: ['/api/user/likes'] as const,
  friends: ['/api/user/friends'] as const,
  /** Prefix of user profiles (they carry created and active Pacts). */
  users: ['/api/users'] as const,
};

export const CHALLENGES_PAGE_SIZE = 20;

/** Cursor pages of GET /api/challenges (Discover's feed, "mine" for own Pacts). */
export function useChallenges(filter: ChallengeFilter = 'all', limit = CHALLENGES_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...pactKeys.list(filter), { limit }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const path = queryKeyToPath(['/api/challenges', { filter, limit, cursor: pageParam }]);
      return fetchJson<ChallengePage>(path, signal);
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The caller's own Pacts, newest first, one page (Home and Profile "My Pacts"). */
export function useMyPacts(limit = 5) {
  return useQuery<ChallengePage>({ queryKey: [...pactKeys.list('mine'), { limit }] });
}

export function useChallenge(id: number | null | undefined) {
  return useQuery<Challenge>({ queryKey: pactKeys.detail(id ?? 0), enabled: !!id });
}

export function useParticipants(id: number | null | undefined) {
  return useQuery<Participant[]>({ queryKey: pactKeys.participants(id ?? 0), enabled: !!id });
}

export function useLivePacts() {
  return useQuery<Challenge[]>({ queryKey: pactKeys.live });
}

/** The caller's participations, each with its Pact. */
export function useParticipations() {
  return useQuery<Participation[]>({ queryKey: pactKeys.participations });
}

export function useUserParticipations(userId: string | null | undefined) {
  return useQuery<Participation[]>({
    queryKey: pactKeys.userParticipations(userId ?? ''),
    enabled: !!userId,
  });
}

export function useLikedPacts() {
  return useQuery<Challenge[]>({ queryKey: pactKeys.liked });
}

export function useFriends() {
  return useQuery<Friend[]>({ queryKey: pactKeys.friends });
}

async function fetchJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, { credentials: 'include', signal });
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  return (await res.json()) as T;
}

/** Everything a Pact write can change: lists, details, participations, likes and user profiles. */
export async function invalidatePactQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pactKeys.all }),
    queryClient.invalidateQueries({ queryKey: pactKeys.participations }),
    queryClient.invalidateQueries({ queryKey: pactKeys.liked }),
    queryClient.invalidateQueries({ queryKey: pactKeys.users }),
  ]);
}

function usePactMutation<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>, alsoAuth = false) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVars>({
    mutationFn,
    onSuccess: async () => {
      await invalidatePactQueries(queryClient);
      // A Pro Pact makes its creator a Pro user: the current user changes too.
      if (alsoAuth) await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
  });
}

export type CreatePactInput = CreateChallengeBody;

export function useCreatePact() {
  return usePactMutation(
    (body: CreatePactInput) => apiJson<Challenge>('POST', '/api/challenges', body),
    true,
  );
}

export function useUpdatePact() {
  return usePactMutation(({ id, changes }: { id: number; changes: UpdateChallengeBody }) =>
    apiJson<Challenge>('PATCH', `/api/challenges/${id}`, changes),
  );
}

export function useDeletePact() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, Error, number>({
    mutationFn: (id) => apiJson('DELETE', `/api/challenges/${id}`),
    onSuccess: async (_data, id) => {
      // Drop the gone Pact's own queries first, so the invalidation does not refetch them into 404s.
      queryClient.removeQueries({ queryKey: pactKeys.detail(id) });
      await invalidatePactQueries(queryClient);
    },
  });
}

export function useJoinPact() {
  return usePactMutation((id: number) => apiJson<Participation>('POST', `/api/challenges/${id}/join`));
}

export function useLeavePact() {
  return usePactMutation((id: number) =>
    apiJson<{ ok: true; participantCount: number }>('POST', `/api/challenges/${id}/leave`),
  );
}

export function useLikePact() {
  return usePactMutation((id: number) => apiJson<LikeResponse>('POST', `/api/challenges/${id}/like`));
}

/** A report changes nothing the caller sees, so nothing is invalidated. */
export function useReportPact() {
  return useMutation<{ ok: true }, Error, { id: number; reason: string }>({
    mutationFn: ({ id, reason }) => apiJson('POST', `/api/challenges/${id}/report`, { reason }),
  });
}
