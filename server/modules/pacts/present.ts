import type { Challenge, Participant, Participation } from '../../../shared/api/pacts';
import { CENTS_PER_DOLLAR } from '../../../shared/domain/limits';
import { currentDay, isFinished } from '../../../shared/domain/progress';
import { localDate } from '../../../shared/domain/time';
import type { SessionUser } from '../session/guard';
import type { ParticipantRow, ParticipationRow } from './participations-repo';
import type { PactRow } from './repo';

/** Turns rows into the shared API shapes. Day numbers are read in each participant's own time zone. */

/**
 * A participation as it stands at `now`: an active one whose last day is behind (in the participant's zone) is
 * completed, whether or not progress's recompute has stored that yet. Reads write nothing.
 */
export function statusAt<S extends string>(
  status: S,
  startDay: string,
  totalDays: number,
  timeZone: string,
  now: Date,
): S | 'completed' {
  return status === 'active' && isFinished(startDay, localDate(now, timeZone), totalDays)
    ? 'completed'
    : status;
}

/** The participant's day: 1..totalDays while active, totalDays once completed. */
export function dayOf(
  status: string,
  startDay: string,
  totalDays: number,
  timeZone: string,
  now: Date,
): number {
  if (status === 'completed') return totalDays;
  return currentDay(startDay, localDate(now, timeZone), totalDays);
}

/**
 * The participant count `me` is shown (docs/RULES.md "Sandboxes stay apart"): the stored count, which counts no
 * demo account outside its sandbox's own Pacts, plus a demo viewer itself while it takes part in someone else's.
 */
export function participantCountFor(
  row: Pick<PactRow, 'pact' | 'myStatus' | 'creatorIsDemo'>,
  me: Pick<SessionUser, 'isDemo'>,
): number {
  const selfUncounted = me.isDemo && row.myStatus === 'active' && !row.creatorIsDemo;
  return row.pact.participantCount + (selfUncounted ? 1 : 0);
}

export function presentPact(row: PactRow, me: SessionUser, now: Date): Challenge {
  const { pact, creator, team } = row;
  const stored = row.myStatus === 'active' || row.myStatus === 'completed' ? row.myStatus : null;
  const status =
    stored && row.myStartDay ? statusAt(stored, row.myStartDay, pact.totalDays, me.timeZone, now) : stored;
  return {
    id: pact.id,
    title: pact.title,
    description: pact.description,
    creatorId: pact.creatorId,
    creator,
    exerciseType: pact.exerciseType,
    targetValue: pact.targetValue,
    difficulty: pact.difficulty,
    workoutTime: pact.workoutTime,
    scheduleDays: pact.scheduleDays as Challenge['scheduleDays'],
    duration: pact.totalDays,
    totalDays: pact.totalDays,
    currentDay:
      status && row.myStartDay ? dayOf(status, row.myStartDay, pact.totalDays, me.timeZone, now) : 1,
    price: team ? team.subscriptionPrice / CENTS_PER_DOLLAR : 0,
    participantCount: participantCountFor(row, me),
    likeCount: pact.likeCount,
    likedByMe: row.likedByMe,
    isParticipant: status !== null,
    myStatus: status,
    isCreator: pact.creatorId === me.id,
    termsLocked: pact.termsLocked,
    isHidden: pact.isHidden,
    visibility: pact.visibility,
    proofMethod: pact.proofMethod,
    isCustom: pact.isCustom,
    // A paid team's tutorial is for its coach and members with access (its file answers 404 to anyone else).
    tutorialVideoUrl: pact.teamId !== null && !row.teamAccess ? null : pact.tutorialVideoUrl,
    thumbnailUrl: pact.thumbnailUrl,
    teamId: pact.teamId,
    team: team
      ? {
          id: team.id,
          name: team.name,
          coachId: team.coachId,
          imageUrl: team.imageUrl,
          accentColor: team.accentColor,
        }
      : null,
    teamAccess: row.teamAccess,
    createdAt: pact.createdAt.toISOString(),
  };
}

export function toParticipation(row: ParticipationRow, challenge: Challenge, now: Date): Participation {
  const status = statusAt(row.status, row.startDay, challenge.totalDays, row.timeZone, now);
  return {
    id: row.id,
    userId: row.userId,
    status,
    currentDay: dayOf(status, row.startDay, challenge.totalDays, row.timeZone, now),
    completedValue: row.completedValue,
    daysDone: row.daysDone,
    startDay: row.startDay,
    challengeId: row.pactId,
    challenge,
  };
}

export function toParticipant(row: ParticipantRow, totalDays: number, now: Date): Participant {
  const status = statusAt(row.status, row.startDay, totalDays, row.timeZone, now);
  return {
    id: row.id,
    userId: row.userId,
    user: row.user,
    // The list holds active and completed participants only (ended and left ones are not participants).
    status: status === 'completed' ? 'completed' : 'active',
    currentDay: dayOf(status, row.startDay, totalDays, row.timeZone, now),
    completedValue: row.completedValue,
  };
}
