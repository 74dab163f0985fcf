/**
 * Chat rules (docs/CHAT.md): whoever may see a Pact reads its chat (pacts/policy.ts; the socket gateway's room
 * check is that same rule); its participants write, active or completed, not those who left; only active ones
 * go live. Messages between a blocked pair are dropped for both sides (users/policy.ts blockedWithIds), in pages
 * and on sockets. A proof is a message: who may decide it is here, shown on every page and frame (`canDecide`) and
 * enforced when a decision is posted (proofs/service.ts).
 */

type Status = string | null | undefined;

export const mayWriteChat = (myStatus: Status): boolean => myStatus === 'active' || myStatus === 'completed';

export const mayGoLive = (myStatus: Status): boolean => myStatus === 'active';

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
