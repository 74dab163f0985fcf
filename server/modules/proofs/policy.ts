import { type SQL, sql } from 'drizzle-orm';
import { proofs } from '../../db/schema';
import { pactVisibleTo } from '../pacts/policy';
import { blockedBetween, outsideSandbox } from '../safety/policy';
import { teamAccessibleNow } from '../teams/policy';

/**
 * Proof rules (docs/PACTS.md, "Proofs"): who may post one, who may decide one, who may see one.
 */

export const JOIN_TO_PROVE_MESSAGE = 'Join this Pact to send proof';

/** Only active participants post proofs (completed or left ones no longer work out in the Pact). */
export const mayPostProof = (myStatus: string | null | undefined): boolean => myStatus === 'active';

/**
 * Who may decide a proof: the Pact's creator decides everyone else's; the creator's own proofs are decided by
 * any other active participant; nobody decides their own. Only pending proofs can be decided.
 */
export function mayDecide(
  proof: { userId: string; status: string },
  deciderId: string,
  creatorId: string,
  deciderIsActive: boolean,
): boolean {
  return proof.status === 'pending' && refusalReason(proof, deciderId, creatorId, deciderIsActive) === null;
}

/** Why a decision is refused, for a clear 403; null when allowed (pending or not: the caller answers 409). */
export function refusalReason(
  proof: { userId: string },
  deciderId: string,
  creatorId: string,
  deciderIsActive: boolean,
): string | null {
  if (deciderId === proof.userId) return 'You cannot approve or reject your own proof';
  if (proof.userId !== creatorId && deciderId !== creatorId)
    return "Only the Pact's creator can approve or reject this proof";
  if (proof.userId === creatorId && !deciderIsActive)
    return "Only active participants can approve or reject the creator's proof";
  return null;
}

/**
 * SQL: the `proofs` row in scope is seen by `me`: its Pact is visible to them, a team Pact's only with team access
 * (teams/policy.ts), they are not blocked with its author, and its author is no demo account of another sandbox.
 */
export function proofVisibleTo(me: string): SQL {
  return sql`(exists (select 1 from pacts where pacts.id = ${proofs.pactId} and ${pactVisibleTo(me)}
      and (pacts.team_id is null or exists (select 1 from teams where teams.id = pacts.team_id
        and ${teamAccessibleNow(me)})))
    and not ${blockedBetween(me, sql`${proofs.userId}`)}
    and not ${outsideSandbox(me, sql`${proofs.userId}`)})`;
}
