import type { DECISIONS } from '../../../shared/api/proofs';

/** What a decision makes of a proof. */
export type Decision = (typeof DECISIONS)[number];

/** The events the proofs module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /**
     * A proof was decided. `atCreation`: it was born decided (nobody else could decide it, or the AI trainer's
     * Pact approves at once), so its room already shows the decision with the message itself.
     */
    'proof.status_changed': {
      proofId: number;
      pactId: number;
      messageId: number;
      userId: string;
      from: 'pending';
      to: Decision;
      value: number;
      recordedDay: string;
      decidedById: string | null;
      atCreation: boolean;
      /** False: the proof counts for nothing (a second one that day, an unscheduled day, out of its window). */
      counts?: boolean;
    };
    /** A proof was posted and waits for a decision (never for one born decided: the trainer's, a Pact of one). */
    'proof.pending': {
      proofId: number;
      pactId: number;
      messageId: number;
      userId: string;
      creatorId: string;
    };
    /** A single proof was removed (data deletion); progress recomputes its author. */
    'proof.deleted': { proofId?: number; pactId?: number; userId: string };
  }
}
