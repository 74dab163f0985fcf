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

/**
 * How long answers stay fresh (docs/CLIENT.md, Freshness). Nothing is fresh forever: the caller's own writes
 * invalidate what they change, the server's `changed` frames refresh what others' writes change, and a stale answer
 * is asked again when a screen shows it next.
 */
export const STALE = {
  SECONDS_30: 30_000,
  MINUTE: 60_000,
  MINUTES_5: 5 * 60_000,
  MINUTES_10: 10 * 60_000,
  HOUR: 60 * 60_000,
} as const;
