import { paths } from '@shared/api/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, urlOf } from './client';
import { resourceKeys, STALE } from './keys';
import { waitlistKeys } from './teams';

/** The Pro Creator waitlist's mailed links (signed in or out) and its admin screen (docs/TEAMS.md). */

const admin = resourceKeys('waitlist-admin');
export const waitlistAdminKeys = { all: admin.all, list: admin.key('list') };

/** The mailed confirmation link's page posts its token once when it opens. */
export function useConfirmWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.waitlist.confirm({ body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}

/** The "leave the list" page posts its token when the person presses Leave. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.waitlist.leave({ body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  });
}

/** Confirmed entries (admins only). */
export function useWaitlistAdmin() {
  return useQuery({
    queryKey: waitlistAdminKeys.list,
    queryFn: ({ signal }) => api.waitlist.adminList({ signal }),
    staleTime: STALE.SECONDS_30,
    refetchOnMount: 'always',
  });
}

/** "Pro Creator is live" to every confirmed entry not mailed yet (each once, ever). */
export function useWaitlistLaunchMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.waitlist.launchMail(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistAdminKeys.all }),
  });
}

/** Where the CSV of the confirmed entries downloads from (a plain link: the session cookie goes with it). */
export function waitlistCsvUrl(): string {
  return urlOf(paths.waitlist.adminCsv, {});
}
