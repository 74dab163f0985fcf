/** Reconnect delays of the real-time link: 0.5 s doubling to 15 s, with jitter so phones do not reconnect in step. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 15_000;

/** The capped exponential delay before reconnect attempt `attempt` (0 for the first retry), without jitter. */
export function backoffCeiling(attempt: number): number {
  const exponent = Math.max(0, Math.min(attempt, 30));
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** exponent);
}

/**
 * "Equal jitter": half the ceiling plus a random share of the other half, so a delay never drops to zero (no
 * reconnect storm right after a server restart) yet sockets spread out.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = backoffCeiling(attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
