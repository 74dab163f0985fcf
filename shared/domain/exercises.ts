/**
 * What an exercise is called and what its target counts (docs/PACTS.md, "Exercises and units"): the templates'
 * slugs and the trainer's exercises have fixed names and units; a custom exercise keeps the name its creator typed,
 * and its unit is read from the name (a plank or a hold counts seconds, a run or a ride minutes, the rest reps).
 */
import { type SampleExercise, sampleVideoFor } from './templates';

export type ExerciseUnit = 'reps' | 'seconds' | 'minutes' | 'rounds';

export interface ExerciseInfo {
  /** How a title or a summary names it: 'HIIT Cardio', 'Push-ups'. */
  name: string;
  /** How it reads after a number: 'push-ups', 'HIIT cardio'. */
  noun: string;
  unit: ExerciseUnit;
  /** The illustration and clip of the exercise (client/public/samples/<sample>.*). */
  sample: SampleExercise;
}

const KNOWN: Record<string, Omit<ExerciseInfo, 'sample'>> = {
  'hiit-cardio': { name: 'HIIT Cardio', noun: 'HIIT cardio', unit: 'minutes' },
  tabata: { name: 'Tabata', noun: 'Tabata', unit: 'rounds' },
  'hiit-strength': { name: 'HIIT Strength', noun: 'HIIT strength', unit: 'minutes' },
  'metabolic-hiit': { name: 'Metabolic HIIT', noun: 'metabolic HIIT', unit: 'minutes' },
  'push-ups': { name: 'Push-ups', noun: 'push-ups', unit: 'reps' },
  squats: { name: 'Squats', noun: 'squats', unit: 'reps' },
  plank: { name: 'Plank', noun: 'plank', unit: 'seconds' },
  planks: { name: 'Plank', noun: 'plank', unit: 'seconds' },
  'jumping-jacks': { name: 'Jumping jacks', noun: 'jumping jacks', unit: 'reps' },
  'sit-ups': { name: 'Sit-ups', noun: 'sit-ups', unit: 'reps' },
  lunges: { name: 'Lunges', noun: 'lunges', unit: 'reps' },
  burpees: { name: 'Burpees', noun: 'burpees', unit: 'reps' },
};

const SECONDS_RE =
  /\b(plank|planks|hold|holds|wall ?sits?|hang|hangs|l ?sits?|bridge hold|stretch(es|ing)?)\b/;
const MINUTES_RE =
  /\b(run|running|jog|jogging|walk|walking|cycl\w*|bike|biking|ride|swim\w*|row|rowing|yoga|pilates|cardio|hiit|tabata|interval\w*|minutes?|mins?|skipping|jump ?rope|dance|dancing|hike|hiking|spin)\b/;

/** 'hiit-cardio' -> 'hiit cardio'; 'Push_Ups' -> 'push ups' (for matching). */
function words(exerciseType: string): string {
  return exerciseType
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A typed name as people read it: slugs lose their hyphens, the first letter is upper-cased. */
function displayName(exerciseType: string): string {
  const spaced = /\s/.test(exerciseType.trim())
    ? exerciseType.trim()
    : exerciseType.trim().replace(/[-_]+/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function exerciseInfo(exerciseType: string | null | undefined): ExerciseInfo {
  const raw = (exerciseType ?? '').trim();
  const sample = sampleVideoFor(raw);
  const key = words(raw).replace(/ /g, '-');
  const known = KNOWN[key];
  if (known) return { ...known, sample };
  if (!raw) return { name: 'Workout', noun: 'workout', unit: 'reps', sample };
  const w = words(raw);
  const unit: ExerciseUnit = SECONDS_RE.test(w) ? 'seconds' : MINUTES_RE.test(w) ? 'minutes' : 'reps';
  const name = displayName(raw);
  return { name, noun: name.charAt(0).toLowerCase() + name.slice(1), unit, sample };
}

const UNIT_WORDS: Record<ExerciseUnit, [string, string]> = {
  reps: ['rep', 'reps'],
  seconds: ['second', 'seconds'],
  minutes: ['minute', 'minutes'],
  rounds: ['round', 'rounds'],
};

/** 'rep' / 'reps', 'second' / 'seconds' for a count. */
export function unitWord(unit: ExerciseUnit, count: number): string {
  const [one, many] = UNIT_WORDS[unit];
  return count === 1 ? one : many;
}

/**
 * A count of an exercise as a sentence says it: '20 push-ups', '60 seconds of plank', '20 minutes of HIIT cardio',
 * '4 rounds of Tabata', '12 reps of kettlebell swings' (a custom exercise counted in reps).
 */
export function amountText(value: number, exerciseType: string | null | undefined): string {
  const info = exerciseInfo(exerciseType);
  const n = value.toLocaleString('en-US');
  if (info.unit === 'reps' && KNOWN[words(exerciseType ?? '').replace(/ /g, '-')]) return `${n} ${info.noun}`;
  if (info.unit === 'reps' && !(exerciseType ?? '').trim()) return `${n} ${unitWord('reps', value)}`;
  return `${n} ${unitWord(info.unit, value)} of ${info.noun}`;
}

/** 'Target: 20 push-ups' (SPEC's 'Target: {targetValue} {exerciseType}', with the unit said). */
export function targetText(value: number, exerciseType: string | null | undefined): string {
  return `Target: ${amountText(value, exerciseType)}`;
}

/** The proof's value field label: 'Reps', 'Seconds', 'Minutes', 'Rounds'. */
export function unitLabel(exerciseType: string | null | undefined): string {
  const unit = exerciseInfo(exerciseType).unit;
  return unit.charAt(0).toUpperCase() + unit.slice(1);
}
