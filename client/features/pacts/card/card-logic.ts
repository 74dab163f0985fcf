import type { Challenge } from '@shared/api/pacts';
import { targetText } from '@shared/domain/exercises';
import { cardStartState, type StartState } from '@shared/domain/start-window';
import { formatWorkoutTime } from '@shared/domain/time';
import { posterFor, videoSourceFor } from '../pact-media';

/** What a Pact card shows, as plain functions so the rules are tested without a browser. */

type CreatorInfo = Pick<Challenge, 'creatorId' | 'creator'>;

/** 'Created by you' on own Pacts, else 'by {first name, else username, else Unknown}'. */
export function creatorLabel(pact: CreatorInfo, currentUserId: string | null | undefined): string {
  if (currentUserId && pact.creatorId === currentUserId) return 'Created by you';
  const name = pact.creator?.firstName?.trim() || pact.creator?.username?.trim() || 'Unknown';
  return `by ${name}`;
}

export type DifficultyTone = 'green' | 'yellow' | 'red';

/** The difficulty dot: easy green, medium yellow, anything else red. */
export function difficultyTone(difficulty: string | null | undefined): DifficultyTone {
  if (difficulty === 'easy') return 'green';
  if (difficulty === 'medium') return 'yellow';
  return 'red';
}

/** SPEC's 'Target: {targetValue} {exerciseType}' with the unit and the exercise's name: 'Target: 60 seconds of plank'. */
export function targetLabel(pact: Pick<Challenge, 'targetValue' | 'exerciseType'>): string {
  return targetText(pact.targetValue, pact.exerciseType);
}

/** The workout time chip ('8:00 AM'), or null for an all-day Pact. */
export function workoutTimeLabel(workoutTime: string | null | undefined): string | null {
  return workoutTime ? formatWorkoutTime(workoutTime) : null;
}

/**
 * The Start button: the card rule reads the presented 'h:mm AM/PM' value, on the phone's clock, or on the wall
 * clock of `timeZone` when given (the server's picture of the card).
 */
export function cardStart(workoutTime: string | null | undefined, now: Date, timeZone?: string): StartState {
  return cardStartState(workoutTimeLabel(workoutTime), now, timeZone);
}

export interface CardMedia {
  /** The looping tutorial video, or null: the card then shows the Pact's poster. */
  video: string | null;
  /** Shown before the video plays: the Pact's thumbnail, else a bundled clip's still. */
  poster: string | undefined;
}

export function cardMedia(pact: Pick<Challenge, 'tutorialVideoUrl' | 'thumbnailUrl'>): CardMedia {
  return { video: videoSourceFor(pact), poster: posterFor(pact) };
}

/** The first letter of the title, upper-cased; '?' for a blank title. */
export function firstLetter(title: string | null | undefined): string {
  const letter = Array.from(title?.trim() ?? '')[0];
  return letter ? letter.toUpperCase() : '?';
}

/** '1 participant', '3 participants'. */
export function participantsLabel(count: number): string {
  return `${count} ${count === 1 ? 'participant' : 'participants'}`;
}

/**
 * Invite shows on the creator's own Pacts, except while the start state is 'Wait for time', and never where an
 * invited person could not come in: a private Pact (the creator alone) or a hidden one (its members alone).
 */
export function showInvite(
  isOwn: boolean,
  start: StartState,
  pact: Pick<Challenge, 'visibility' | 'isHidden'>,
): boolean {
  return isOwn && start.label !== 'Wait for time' && pact.visibility !== 'private' && !pact.isHidden;
}

/**
 * A team's Pact the caller joined but may no longer use (their subscription ended): the app offers the team's
 * page, where they can subscribe again, instead of a chat that would refuse them.
 */
export function accessEnded(pact: Pick<Challenge, 'isParticipant' | 'teamAccess'>): boolean {
  return pact.isParticipant && !pact.teamAccess;
}

/** The action label on a Pact you can join or open ('Go to Team' once a team's access ended). */
export function joinLabel(pact: Pick<Challenge, 'isParticipant' | 'teamAccess'>, isJoining: boolean): string {
  if (isJoining) return 'Joining...';
  if (accessEnded(pact)) return 'Go to Team';
  return pact.isParticipant ? 'Open Chat' : 'Join';
}
