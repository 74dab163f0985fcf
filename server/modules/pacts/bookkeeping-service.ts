import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import './events';
import * as parts from './participations-repo';
import * as repo from './repo';
import * as writes from './write-repo';

/**
 * What other modules ask of the pacts module besides the API: the bookkeeping of participations that proofs and
 * progress drive, moderation's hiding, and seeded data (built-in and demo Pacts). Functions taking `db` join the
 * caller's transaction; they publish no event (the caller does, after commit).
 */

/** Progress's recount of one participation's done days and value (progress is their only writer). */
export function saveParticipationProgress(db: Db, participationId: number, daysDone: number, value: number) {
  return parts.saveProgress(db, participationId, daysDone, value);
}

/**
 * Completes participations past their last day (all, or one user's or one Pact's). Called by progress only, in its
 * recompute's transaction: reads present a finished participation as completed from its dates (present.ts).
 */
export function completeFinishedParticipations(
  db: Db,
  now: Date,
  only: { userId?: string; pactId?: number } = {},
) {
  return parts.completeFinished(db, now, only);
}

/** Whether anyone but `exceptUserId` is an active participant (someone eligible to approve the creator). */
export function hasOtherActiveMember(ctx: AppContext, pactId: number, exceptUserId: string) {
  return parts.hasOtherActive(ctx.db, pactId, exceptUserId);
}

/** Active participants other than `exceptUserId`, oldest first, at most `limit`. */
export function otherActiveMembers(ctx: AppContext, pactId: number, exceptUserId: string, limit: number) {
  return parts.otherActive(ctx.db, pactId, exceptUserId, limit);
}

/** Which of `userIds` are active participants of the Pact. */
export function activeMembersAmong(ctx: AppContext, pactId: number, userIds: string[]) {
  return parts.activeAmong(ctx.db, pactId, userIds);
}

/** Hides a Pact (moderation); `db` is the moderation's transaction, which also closes its reports. */
export function hidePact(db: Db, pactId: number) {
  return writes.hidePact(db, pactId);
}

/**
 * A banned creator's Pacts are hidden as a moderator hides one (docs/RULES.md, "Bans"): their participants keep
 * them, nobody else finds, opens or joins them. `db` is the ban's transaction; answers the Pacts hidden now.
 */
export function hidePactsOfBanned(db: Db, userId: string) {
  return writes.hidePactsCreatedBy(db, userId);
}

/**
 * A block ends each person's membership of the other's Pacts (docs/PACTS.md, never across a block): they could no
 * longer see, open or leave them, and would stay counted, stuck, with proofs waiting. Inside the block's
 * transaction; answers who left which Pact, for the caller to announce after the commit.
 */
export async function leaveAcrossBlock(db: Db, a: string, b: string) {
  const left: { pactId: number; userId: string }[] = [];
  for (const [userId, creatorId] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const pactId of await parts.memberPactsOfCreator(db, userId, creatorId)) {
      await parts.leave(db, userId, pactId);
      left.push({ pactId, userId });
    }
  }
  return left;
}

/**
 * Team access ended (docs/TEAMS.md, "Access ends, membership ends"): the member's active participations in the
 * team's Pacts end, in the caller's transaction (the subscription change's). Answers the Pacts ended.
 */
export function endTeamMemberships(db: Db, userId: string, pactIds: number[], at: Date) {
  return parts.endMemberships(db, userId, pactIds, at);
}

/**
 * Team access began or came back (a trial, a subscription, a renewal after it ended): the member is in each of the
 * team's Pacts, a returning member from a fresh day 1 with every past proof kept. In the caller's transaction.
 * Answers the Pacts joined (not those the member was already in).
 */
export async function joinTeamMemberships(db: Db, userId: string, pactIds: number[], at: Date) {
  const startDay = await parts.localDayOf(db, userId, at);
  if (!startDay) return [];
  const joined: number[] = [];
  for (const pactId of pactIds) if (await parts.join(db, userId, pactId, startDay)) joined.push(pactId);
  return joined;
}

/** A seeded Pact with its members from the start (the demo sandbox); `db` may be the seeder's transaction. */
export async function seedPact(
  db: Db,
  pact: writes.NewPact,
  members: Array<{ userId: string; startDay: string }>,
): Promise<number> {
  const pactId = await writes.insertPact(db, pact);
  if (members.length > 0) await parts.insertMembers(db, pactId, members);
  return pactId;
}

/**
 * A built-in Pact (the AI trainer's workouts), created once per creator and exercise. An existing one without a
 * tutorial gets the bundled clip it now comes with (installations made before the clips existed).
 */
export async function ensureBuiltinPact(ctx: AppContext, pact: writes.NewPact) {
  const existing = await repo.findByCreatorAndExercise(ctx.db, pact.creatorId, pact.exerciseType);
  if (!existing) {
    await writes.insertPact(ctx.db, pact);
    return;
  }
  if (!existing.tutorialVideoUrl && pact.tutorialVideoUrl) {
    await writes.updatePact(ctx.db, existing.id, { tutorialVideoUrl: pact.tutorialVideoUrl });
  }
}
