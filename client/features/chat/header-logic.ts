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
 * The status button: the chat-header rule, given the workout time as the card presents it ('h:mm AM/PM', SPEC
 * section 4) and reading it as a 24-hour clock that ignores AM/PM ('6:30 PM' is 06:30), 'Start' until 15 minutes
 * after. Both readings are SPEC's, kept on purpose (docs/RULES.md). Usable only by active participants.
 */
export function headerButton(workoutTime: string | null, canProve: boolean, now: Date): StartState {
  const state = chatHeaderState(workoutTime ? formatWorkoutTime(workoutTime) : null, now);
  return { label: state.label, canStart: state.canStart && canProve };
}
