/**
 * One query-key factory per resource: every key of a resource starts with its name, so `keys.all` reaches all of
 * its queries for invalidation, and no two resources can collide. Each resource module (./pacts.ts, ...) builds
 * its keys with this and keeps them beside its queries and their staleness.
 */
export function resourceKeys<const R extends string>(resource: R) {
  return {
    all: [resource] as const,
    key: <const P extends readonly unknown[]>(...parts: P) => [resource, ...parts] as const,
  };
}

/** How long answers stay fresh. Most never go stale: writes invalidate what they change. */
export const STALE = {
  NEVER: Number.POSITIVE_INFINITY,
  SECONDS_30: 30_000,
  MINUTE: 60_000,
} as const;
