import type { Challenge, Participation } from '@shared/api/pacts';

/**
 * Home's "My Pacts" (SPEC 2 and 9): the first Pact the user created and the first active participation's Pact,
 * at most one of each. The creator is a participant of their own Pact, so the participation shown is the first
 * active one in a different Pact: the same Pact never shows twice.
 */
export function selectHomePacts(
  created: readonly Challenge[],
  participations: readonly Participation[],
  userId: string | null | undefined,
): Challenge[] {
  const own = userId ? created.find((pact) => pact.creatorId === userId) : undefined;
  const active = participations.find((p) => p.status === 'active' && p.challenge.id !== own?.id)?.challenge;
  const picked: Challenge[] = [];
  if (own) picked.push(own);
  if (active) picked.push(active);
  return picked;
}

/** The header's online count equals the number of friends (kept on purpose, DECISIONS 2). */
export function onlineLabel(friendCount: number): string {
  return `${friendCount} online`;
}
