import { type SQL, sql } from 'drizzle-orm';
import { media, proofs } from '../../db/schema';
import { pactVisibleTo } from '../pacts/policy';
import { teamAccessibleNow } from '../teams/policy';
import { blockedBetween, outsideSandbox } from '../users/policy';

/**
 * Proof rules (docs/PACTS.md, "Proofs"): who may post one and who may see one. Who may decide one is the chat's
 * rule (chat/policy.ts), since every chat page and room frame shows it on the proof's message.
 */

export const JOIN_TO_PROVE_MESSAGE = 'Join this Pact to send proof';

/** Only active participants post proofs (completed or left ones no longer work out in the Pact). */
export const mayPostProof = (myStatus: string | null | undefined): boolean => myStatus === 'active';

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

/** SQL over the `media` row in scope (media/policy.ts setAttachmentRules): the file is a proof's video or thumbnail `me` may see. */
export const proofFileVisibleTo = (me: string): SQL => sql`exists (select 1 from proofs
  where (${proofs.videoMediaId} = ${media.id} or ${proofs.thumbnailMediaId} = ${media.id}) and ${proofVisibleTo(me)})`;
