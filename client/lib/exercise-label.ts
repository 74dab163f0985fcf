import { amountText } from '@shared/domain/exercises';

/**
 * What follows a count of the Pact's exercise on the proof screens: 'push-ups', 'seconds of plank',
 * 'minutes of HIIT cardio' ('reps' when unnamed), so '{value} {label}' reads as a sentence.
 */
export function exerciseLabelOf(exerciseType: string): string {
  return amountText(2, exerciseType).replace(/^2 /, '');
}
