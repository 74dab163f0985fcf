import type {
  SubscribeResponse,
  SubscriptionView,
  UpdateTeamBody,
  WaitlistResponse,
} from '@shared/api/teams';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';
import { invalidatePactQueries } from './pacts';
import { FAIL_WHEN_OFFLINE, listOrEmpty } from './query-client';

/**
 * Pro teams, the caller's subscriptions, the billing mode and the Pro Creator waitlist. Answers never go stale by
 * themselves: a subscription write changes the team, the caller's teams and what they may join, so it
 * invalidates teams and Pacts (`invalidateTeamQueries`).
 */

const keys = resourceKeys('teams');
export const teamKeys = {
  all: keys.all,
  list: keys.key('list'),
  mine: keys.key('mine'),
  detail: (id: number) => keys.key('detail', id),
};

const billingResource = resourceKeys('billing');
export const billingKeys = { all: billingResource.all, mode: billingResource.key('mode') };

const waitlistResource = resourceKeys('waitlist');
export const waitlistKeys = { all: waitlistResource.all, proCreator: waitlistResource.key('pro-creator') };

/** Premium programs (the Teams screen shows 6, Discover interleaves them all). */
export const teamsQuery = () =>
  queryOptions({
    queryKey: teamKeys.list,
    queryFn: ({ signal }) => listOrEmpty(() => api.teams.list({ signal }), 'teams'),
    staleTime: STALE.MINUTES_5,
  });
export const useTeams = () => useQuery(teamsQuery());

/** Teams the caller coaches or has access to. */
export const myTeamsQuery = () =>
  queryOptions({
    queryKey: teamKeys.mine,
    queryFn: ({ signal }) => listOrEmpty(() => api.teams.mine({ signal }), 'my teams'),
    staleTime: STALE.MINUTES_5,
  });
export const useMyTeams = () => useQuery(myTeamsQuery());

/**
 * The team page; a 404 is an error the page shows as 'Team not found'. `awaitSubscription`: back from Stripe
 * Checkout, the subscription appears when Stripe's webhook arrives, so the page asks every 2 s until it has one.
 */
export function useTeam(id: number | null | undefined, awaitSubscription = false) {
  return useQuery({
    queryKey: teamKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.teams.get({ params: { id: id ?? 0 }, signal }),
    enabled: !!id,
    staleTime: STALE.MINUTE,
    refetchInterval: (query) => (awaitSubscription && !query.state.data?.mySubscription ? 2_000 : false),
  });
}

/**
 * 'stripe', 'test' or 'off': every payment screen in test mode says "Test mode - no real charges"; with billing off,
 * the screens that would offer a trial or Pro say "Paid teams are not enabled on this server".
 */
export function useBillingMode() {
  return useQuery({
    queryKey: billingKeys.mode,
    queryFn: ({ signal }) => api.billing.mode({ signal }),
    staleTime: STALE.HOUR,
  });
}

/** True when this server's billing is off: no trial, subscription or Pro team can start. */
export function usePaidTeamsOff(): boolean {
  return useBillingMode().data?.mode === 'off';
}

export async function invalidateTeamQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    invalidatePactQueries(queryClient),
  ]);
}

function useTeamMutation<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVars>({
    mutationFn,
    onSuccess: () => invalidateTeamQueries(queryClient),
  });
}

/**
 * Starts the trial (or subscribes again). Test mode answers the subscription; with Stripe the answer is a
 * Checkout URL the caller navigates to, and nothing changes here until its webhook arrives.
 */
export function useSubscribe() {
  return useTeamMutation<number, SubscribeResponse>((id) => api.teams.subscribe({ params: { id } }));
}

export function useCancelSubscription() {
  return useTeamMutation<number, SubscriptionView>((id) => api.teams.cancel({ params: { id } }));
}

export function useResumeSubscription() {
  return useTeamMutation<number, SubscriptionView>((id) => api.teams.resume({ params: { id } }));
}

/** Test mode: the member's simulated card fails every charge (or works again). */
export function useTestCard() {
  return useTeamMutation<{ id: number; fail: boolean }, SubscriptionView>(({ id, fail }) =>
    api.teams.testCard({ params: { id }, body: { simulatePaymentFailure: fail } }),
  );
}

/** The provider's page to manage payment (Stripe's portal); null in test mode, which manages in the app. */
export const manageSubscription = (id: number) => api.teams.manage({ params: { id } });

/** The coach edits their team: the page shows the answer at once, the lists refetch. */
export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    ...FAIL_WHEN_OFFLINE,
    mutationFn: ({ id, changes }: { id: number; changes: UpdateTeamBody }) =>
      api.teams.update({ params: { id }, body: changes }),
    onSuccess: async (team) => {
      queryClient.setQueryData(teamKeys.detail(team.id), team);
      await invalidateTeamQueries(queryClient);
    },
  });
}

/** How many are on the Pro Creator waitlist (the real count) and whether the caller is. */
export function useWaitlist() {
  return useQuery({
    queryKey: waitlistKeys.proCreator,
    queryFn: ({ signal }) => api.teams.waitlist({ signal }),
    staleTime: STALE.MINUTES_10,
  });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.teams.joinWaitlist({ body: { email } }),
    onSuccess: (answer: WaitlistResponse) => queryClient.setQueryData(waitlistKeys.proCreator, answer),
  });
}
