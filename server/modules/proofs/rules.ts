/**
 * Who may decide a proof (DECISIONS 5): the Pact's creator decides everyone else's; the creator's own proofs are
 * decided by any other active participant; nobody decides their own. Only pending proofs can be decided.
 */
export function mayDecide(
  proof: { userId: string; status: string },
  viewerId: string,
  creatorId: string,
  viewerIsActive: boolean,
): boolean {
  if (proof.status !== 'pending' || viewerId === proof.userId) return false;
  if (proof.userId !== creatorId) return viewerId === creatorId;
  return viewerIsActive;
}

/**
 * Why a decision is refused, for a clear 403; null when allowed. Same rule as `mayDecide` for pending proofs.
 */
export function refusalReason(
  proof: { userId: string },
  viewerId: string,
  creatorId: string,
  viewerIsActive: boolean,
): string | null {
  if (viewerId === proof.userId) return 'You cannot approve or reject your own proof';
  if (proof.userId !== creatorId && viewerId !== creatorId)
    return "Only the Pact's creator can approve or reject this proof";
  if (proof.userId === creatorId && !viewerIsActive)
    return "Only active participants can approve or reject the creator's proof";
  return null;
}
