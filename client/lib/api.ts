import { QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';

/**
 * The fetch client of SPEC sections 7 and 8: every call carries the session cookie, a JSON content type is sent
 * only with a body, and a non-ok answer becomes an Error reading "STATUS: body text".
 */

/** Raises an Error "STATUS: text" (status text when the body is empty) for a non-ok response. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest plus JSON parsing; an empty body (204) yields null. */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Paths whose empty answer is a list, so screens can map over it without guards (SPEC 8). */
const LIST_PATH = /challenges|teams|friends|participations/;

export function emptyResultFor(path: string): unknown[] | Record<string, never> {
  return LIST_PATH.test(path) ? [] : {};
}

/**
 * The query key's string and number parts joined into a path: ['/api/users', id] -> '/api/users/<id>'.
 * A plain object part becomes the query string: ['/api/leaderboard', { scope: 'friends' }].
 */
export function queryKeyToPath(queryKey: readonly unknown[]): string {
  const parts: string[] = [];
  const search = new URLSearchParams();
  for (const part of queryKey) {
    if (typeof part === 'string' || typeof part === 'number') parts.push(String(part));
    else if (part && typeof part === 'object') {
      for (const [key, value] of Object.entries(part)) {
        if (value !== undefined && value !== null) search.set(key, String(value));
      }
    }
  }
  const path = parts.join('/').replace(/\/{2,}/g, '/');
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const path = queryKeyToPath(queryKey);
    let res: Response;
    try {
      res = await fetch(path, { credentials: 'include', signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      console.error(`GET ${path} failed`, error);
      return emptyResultFor(path) as T;
    }
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    const text = await res.text();
    if (!text) return emptyResultFor(path) as T;
    const data: unknown = JSON.parse(text);
    return (data ?? emptyResultFor(path)) as T;
  };
}

/** Pulls the human message out of an "STATUS: {json}" error raised above; falls back to the raw text. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message || fallback;
  const body = match[2]!.trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON: plain text bodies are shown as they are.
  }
  return body && !body.startsWith('<') ? body : fallback;
}

/** The HTTP status of an error raised by this client, or null for network and other errors. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** The current-user query; kept here so the client can re-check the session when any call answers 401. */
const AUTH_USER_PATH = '/api/auth/user';

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // A 401 from any other query means the session ended (expired, revoked elsewhere): re-ask who is signed in,
    // so the auth gate shows the sign-in screen instead of a page full of errors.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (errorStatus(error) === 401 && query.queryKey[0] !== AUTH_USER_PATH) {
          void client.invalidateQueries({ queryKey: [AUTH_USER_PATH] });
        }
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
