/**
 * The Pacts module's door for writing on other modules' behalf: a proof's approval and progress saved to a
 * participation, leaving across a block, moderation's hiding, erasure, and the seeded and built-in Pacts. Each is
 * called inside the caller's transaction where one is passed. Reads go through access.ts.
 */
export {
  completeFinishedParticipations,
  endTeamMemberships,
  ensureBuiltinPact,
  hidePact,
  hidePactsOfBanned,
  joinTeamMemberships,
  leaveAcrossBlock,
  saveParticipationProgress,
  seedPact,
} from './bookkeeping-service';
export {
  announceErasedPacts,
  type ErasedPacts,
  erasePactActivity,
  erasePactsCreatedBy,
} from './erasure-service';
