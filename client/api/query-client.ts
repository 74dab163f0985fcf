import { QueryCache, QueryClient } from '@tanstack/react-query';
import { authKeys, isAuthUserKey } from './auth';
import { errorStatus, isNetworkError } from './errors';
import { STALE } from './keys';

/**
 * The app's query client. Answers are fresh for a minute unless their query says otherwise (keys.ts STALE), queries
 * and mutations are never retried, and nothing refetches on window focus. A 401 from any query but the current
 * user's means the session ended (expired, revoked elsewhere): the current user is asked again, so the auth gate
 * shows the sign-in screen instead of a page full of errors.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (errorStatus(error) === 401 && !isAuthUserKey(query.queryKey)) {
          void client.invalidateQueries({ queryKey: authKeys.user });
        }
      },
    }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: STALE.MINUTE,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * For saves made from a dialog that waits on them ("Saving..."): offline they fail at once, and the dialog, which
 * keeps what was typed, says "No connection" (errors.ts). React Query would otherwise hold them until the phone is
 * back online, with the dialog stuck, and then send them behind the person's back. Actions that may simply go
 * through later (a like, a join, a sign-up) keep the default.
 */
export const FAIL_WHEN_OFFLINE = { networkMode: 'always' } as const;

/**
 * A list query's fetch: when the network fails (no answer at all), the list is empty rather than an error, so a
 * screen shows its empty state and maps over it without guards. The failure is logged. Answers that are not ok
 * (4xx, 5xx) still fail the query.
 */
export async function listOrEmpty<T>(load: () => Promise<T[]>, what: string): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    console.error(`${what} failed`, error);
    return [];
  }
}
