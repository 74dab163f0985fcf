import type { UpdateProfileBody } from '@shared/api/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { resourceKeys, STALE } from './keys';
import { listOrEmpty } from './query-client';

/** User profiles and the caller's calendar. */

const keys = resourceKeys('users');
export const userKeys = {
  all: keys.all,
  profile: (id: string) => keys.key('profile', id),
  usernameCheck: (name: string) => keys.key('username-check', name),
};

const calendarResource = resourceKeys('calendar');
export const calendarKeys = {
  all: calendarResource.all,
  month: (month: string) => calendarResource.key(month),
};

export const userProfileQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.profile(id),
    queryFn: ({ signal }) => api.users.get({ params: { id }, signal }),
    staleTime: STALE.MINUTE,
  });

/** A user's profile; a 404 (unknown or blocked) is an error the page turns into 'User not found'. */
export function useUserProfile(id: string | null | undefined) {
  return useQuery({ ...userProfileQuery(id ?? ''), enabled: !!id });
}

/** The caller's approved workouts of a month ('YYYY-MM'), by day. */
export function useCalendar(month: string) {
  return useQuery({
    queryKey: calendarKeys.month(month),
    queryFn: ({ signal }) => listOrEmpty(() => api.users.calendar({ query: { month }, signal }), 'calendar'),
    staleTime: STALE.MINUTES_5,
  });
}

export const updateProfile = (body: UpdateProfileBody) => api.users.updateProfile({ body });

/**
 * Whether the caller may take `name` (already normalised and of a valid shape): asked only when `enabled`, kept a
 * few seconds (someone else may take it meanwhile; the save answers 409 then).
 */
export function useUsernameAvailability(name: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.usernameCheck(name),
    queryFn: ({ signal }) => api.users.usernameAvailability({ query: { username: name }, signal }),
    enabled,
    staleTime: 5_000,
  });
}
