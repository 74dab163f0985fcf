import type { Challenge, Participation } from '@shared/api/pacts';

/**
 * Home's "My Pacts": the first Pact the user created and the first active participation's Pact,
 * at most one of each. Creators take part in their own Pacts, and those are the "created" slot's, so the
 * participation shown is the first active one in a Pact someone else created: never the same Pact twice.
 */
export function selectHomePacts(
  created: readonly Challenge[],
  participations: readonly Participation[],
  userId: string | null | undefined,
): Challenge[] {
  const own = userId ? created.find((pact) => pact.creatorId === userId) : undefined;
  const active = participations.find(
    (p) => p.status === 'active' && p.challenge.id !== own?.id && p.challenge.creatorId !== userId,
  )?.challenge;
  const picked: Challenge[] = [];
  if (own) picked.push(own);
  if (active) picked.push(active);
  return picked;
}
