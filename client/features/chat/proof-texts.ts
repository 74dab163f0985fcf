import type { ProofStatus } from '@shared/api/proofs';

interface Person {
  id: string;
  firstName: string | null;
  username: string;
}

/**
 * Who decides a proof, as the chat says it (DECISIONS 5: the creator approves others' proofs; the creator's own
 * proofs any other member): 'Waiting for Maya's approval', 'Waiting for your approval', 'Waiting for a member's
 * approval'; once decided 'Approved by Leo', or 'Approved by you' for the viewer's own decisions.
 */
export function proofDecisionText(p: {
  status: ProofStatus;
  authorId: string;
  decidedBy: Person | null;
  creator: { id: string; name: string } | null;
  viewerId: string | null;
  canDecide: boolean;
}): string | null {
  if (p.status !== 'pending') {
    if (!p.decidedBy) return null;
    const verb = p.status === 'approved' ? 'Approved' : 'Rejected';
    const who = p.decidedBy.id === p.viewerId ? 'you' : p.decidedBy.firstName || p.decidedBy.username;
    return `${verb} by ${who}`;
  }
  if (p.canDecide) return 'Waiting for your approval';
  if (!p.creator) return null;
  if (p.authorId === p.creator.id) return "Waiting for a member's approval";
  if (p.creator.id === p.viewerId) return 'Waiting for your approval';
  return `Waiting for ${p.creator.name}'s approval`;
}
