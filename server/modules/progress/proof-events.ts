import type { EventBus } from '../../platform/events';

/**
 * 'proof.deleted' is not declared by any module yet: whoever deletes single proofs (chat message deletion, data
 * deletion) should emit it after commit, or call recomputeUser directly. Progress subscribes by name so neither
 * side has to land first. ('proof.status_changed' is declared and emitted by server/modules/proofs.)
 */
export interface ProofDeleted {
  proofId?: number;
  pactId?: number;
  /** The proof's author. */
  userId: string;
}

type LooseOn = (type: string, listener: (payload: unknown) => unknown) => () => void;
type LooseEmit = (type: string, payload: unknown) => Promise<void>;

export function onProofDeleted(events: EventBus, listener: (payload: ProofDeleted) => Promise<void> | void) {
  return (events.on as unknown as LooseOn).call(events, 'proof.deleted', listener as (p: unknown) => unknown);
}

export async function emitProofDeleted(events: EventBus, payload: ProofDeleted): Promise<void> {
  await (events.emit as unknown as LooseEmit).call(events, 'proof.deleted', payload);
}
