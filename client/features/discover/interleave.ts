import { FEED_PACTS_PER_TEAM } from '@shared/domain/limits';

/** One entry of the 'all' feed: a Pact slide or a premium team slide. */
export type FeedEntry<P, T> = { kind: 'pact'; pact: P } | { kind: 'team'; team: T };

/**
 * SPEC 2: in the 'all' feed one premium team follows every two Pacts (about 30 percent of the slides), in the
 * order the teams come. A team is shown once; when the teams run out the Pacts simply go on, and when the Pacts
 * run out the remaining teams are not appended (a feed of only ads reads as spam).
 */
export function interleaveTeams<P, T>(
  pacts: readonly P[],
  teams: readonly T[],
  every: number = FEED_PACTS_PER_TEAM,
): FeedEntry<P, T>[] {
  const out: FeedEntry<P, T>[] = [];
  let next = 0;
  pacts.forEach((pact, index) => {
    out.push({ kind: 'pact', pact });
    if ((index + 1) % every === 0 && next < teams.length) {
      out.push({ kind: 'team', team: teams[next] as T });
      next += 1;
    }
  });
  return out;
}
