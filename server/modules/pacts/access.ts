/**
 * The Pacts module's door for reading: what other modules may ask about Pacts (may this person see or use a Pact,
 * its row, its members). Routes use the module's services directly; writes other modules need go through
 * bookkeeping.ts. Rules live in policy.ts.
 */
export { activeMembersAmong, hasOtherActiveMember, otherActiveMembers } from './bookkeeping-service';
export type { PactAccess } from './prepared';
export {
  canSeePact,
  findPact,
  pactAccess,
  pactCreatorId,
  profilePacts,
  visiblePact,
  visiblePactCards,
} from './read-service';
export type { PactRow } from './repo';
