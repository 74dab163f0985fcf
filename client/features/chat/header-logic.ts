import type { Challenge } from '@shared/api/pacts';
import { DEFAULT_CURRENT_DAY, DEFAULT_TOTAL_DAYS } from '@shared/domain/limits';
import { chatHeaderState, type StartState } from '@shared/domain/start-window';
import { formatWorkoutTime } from '@shared/domain/time';

/** 'Day {currentDay or 1}/{totalDays or 7}'. */
export function pactDayLabel(pact: Pick<Challenge, 'currentDay' | 'totalDays'>): string {
  return `Day ${pact.currentDay || DEFAULT_CURRENT_DAY}/${pact.totalDays || DEFAULT_TOTAL_DAYS}`;
}

export function participantsText(count: number): string {
  return `${count} ${count === 1 ? 'participant' : 'participants'}`;
}

/** The header's second line: participant count, workout time (when set) and the day. */
export function headerDetails(
  pact: Pick<Challenge, 'participantCount' | 'workoutTime' | 'currentDay' | 'totalDays'>,
): string {
  return [
    participantsText(pact.participantCount),
    pact.workoutTime ? formatWorkoutTime(pact.workoutTime) : null,
    pactDayLabel(pact),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The status button: the chat-header rule (24-hour reading, 'Start' until 15 minutes after the time),
 * usable only by active participants, who alone send proof.
 */
export function headerButton(workoutTime: string | null, canProve: boolean, now: Date): StartState {
  const state = chatHeaderState(workoutTime, now);
  return { label: state.label, canStart: state.canStart && canProve };
}
