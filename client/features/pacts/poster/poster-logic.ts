import type { Challenge } from '@shared/api/pacts';
import { exerciseInfo, targetText } from '@shared/domain/exercises';
import type { SampleExercise } from '@shared/domain/templates';
import { formatWorkoutTime } from '@shared/domain/time';
import { scheduleSummary } from './schedule-text';

/**
 * The designed poster a Pact without a tutorial video shows (docs/CLIENT.md, "Pact media"): the exercise's
 * illustration, its name, the target with its unit and the schedule, over the colors of its template (by
 * exercise) or, for a team's Pact, of its team.
 */

/** Gradient stops per exercise, the same as its clip's background (scripts/exercise-figure.mjs). */
const EXERCISE_COLORS: Record<SampleExercise, [string, string]> = {
  'push-ups': ['#ff7a59', '#ffb36b'],
  squats: ['#3aa0ff', '#6fd3ff'],
  planks: ['#16a394', '#5ee0a0'],
  hiit: ['#ff4d6d', '#ff9f43'],
  burpees: ['#8b5cf6', '#c084fc'],
  'jumping-jacks': ['#f59e0b', '#fcd34d'],
  'sit-ups': ['#0ea5e9', '#22d3ee'],
  lunges: ['#22c55e', '#a3e635'],
};

/** Team colors: one of these by the team's id, so a team's Pacts share them. */
const TEAM_COLORS: readonly [string, string][] = [
  ['#1e3a8a', '#7c3aed'],
  ['#0f766e', '#0ea5e9'],
  ['#9d174d', '#f97316'],
  ['#3f3f46', '#a16207'],
  ['#4c1d95', '#db2777'],
  ['#065f46', '#65a30d'],
];

export type PosterPact = Pick<
  Challenge,
  'exerciseType' | 'targetValue' | 'scheduleDays' | 'workoutTime' | 'title' | 'teamId'
>;

export interface Poster {
  illustration: string;
  name: string;
  target: string;
  schedule: string;
  colors: [string, string];
}

export function posterOf(pact: PosterPact): Poster {
  const info = exerciseInfo(pact.exerciseType);
  const time = pact.workoutTime ? formatWorkoutTime(pact.workoutTime) : 'any time';
  return {
    illustration: `/samples/${info.sample}.svg`,
    name: info.name,
    target: targetText(pact.targetValue, pact.exerciseType).replace(/^Target: /, ''),
    schedule: `${scheduleSummary(pact.scheduleDays)} · ${time}`,
    colors:
      pact.teamId != null
        ? TEAM_COLORS[Math.abs(pact.teamId) % TEAM_COLORS.length]!
        : EXERCISE_COLORS[info.sample],
  };
}

/** The poster's CSS background. */
export function posterBackground(colors: [string, string]): string {
  return `linear-gradient(160deg, ${colors[0]}, ${colors[1]})`;
}
