/**
 * The create wizard's five templates, the sample-video exercise catalogue and the AI trainer's built-in Pacts
 * (docs/PACTS.md, "Templates and the create wizard").
 */
import type { Weekday } from './time';
import { WEEKDAYS } from './time';

export type Difficulty = 'easy' | 'medium' | 'hard';
export const DIFFICULTY_LEVELS: readonly Difficulty[] = ['easy', 'medium', 'hard'];

export interface PactTemplate {
  id: string;
  name: string;
  /** Empty for Custom HIIT: the creator types it in wizard step 3. */
  exerciseType: string;
  targetValue: number;
  totalDays: number;
  /** Title proposed in step 3; null for Custom HIIT, which has no fixed title. */
  title: string | null;
  description: string;
  difficulty: Difficulty;
  emoji: string;
  /** lucide-react icon name. */
  icon: string;
  isCustom: boolean;
}

export const PACT_TEMPLATES: readonly PactTemplate[] = [
  {
    id: 'hiit-cardio-blast',
    name: 'HIIT Cardio Blast',
    exerciseType: 'hiit-cardio',
    targetValue: 20,
    totalDays: 21,
    title: '21-Day HIIT Cardio Blast',
    description:
      'Twenty minutes of all-out cardio intervals: sprint, recover, repeat. Three weeks to a stronger heart and better endurance.',
    difficulty: 'medium',
    emoji: '🔥',
    icon: 'Flame',
    isCustom: false,
  },
  {
    id: 'tabata-burner',
    name: 'Tabata Burner',
    exerciseType: 'tabata',
    targetValue: 4,
    totalDays: 14,
    title: '14-Day Tabata Burner',
    description:
      'Four Tabata rounds a day: 20 seconds flat out, 10 seconds rest, eight times each. Short, brutal and done in minutes.',
    difficulty: 'medium',
    emoji: '⏱️',
    icon: 'Timer',
    isCustom: false,
  },
  {
    id: 'hiit-strength',
    name: 'HIIT Strength',
    exerciseType: 'hiit-strength',
    targetValue: 30,
    totalDays: 28,
    title: '28-Day HIIT Strength',
    description:
      'Thirty minutes of bodyweight strength circuits at interval pace: squats, push-ups, lunges and holds that build real power in four weeks.',
    difficulty: 'hard',
    emoji: '💪',
    icon: 'Dumbbell',
    isCustom: false,
  },
  {
    id: 'metabolic-mayhem',
    name: 'Metabolic Mayhem',
    exerciseType: 'metabolic-hiit',
    targetValue: 25,
    totalDays: 30,
    title: '30-Day Metabolic Mayhem',
    description:
      'Twenty-five minutes of full-body metabolic conditioning that keeps your heart rate high from the first rep to the last. A month of sweat.',
    difficulty: 'hard',
    emoji: '⚡',
    icon: 'Zap',
    isCustom: false,
  },
  {
    id: 'custom-hiit',
    name: 'Custom HIIT',
    exerciseType: '',
    targetValue: 0,
    totalDays: 7,
    title: null,
    description: 'Build your own Pact: choose the exercise, the daily target and how long it runs.',
    difficulty: 'medium',
    emoji: '✨',
    icon: 'Sparkles',
    isCustom: true,
  },
];

export function findTemplate(id: string): PactTemplate | undefined {
  return PACT_TEMPLATES.find((template) => template.id === id);
}

/** Exercises with a bundled sample video; the keys are the sample file names. */
export const SAMPLE_EXERCISES = [
  'push-ups',
  'squats',
  'planks',
  'hiit',
  'burpees',
  'jumping-jacks',
  'sit-ups',
  'lunges',
] as const;
export type SampleExercise = (typeof SAMPLE_EXERCISES)[number];

// Checked in order: the first rule whose pattern matches the normalised name wins.
const SAMPLE_RULES: readonly [RegExp, SampleExercise][] = [
  [/\bpush ?ups?\b|\bpushups?\b|\bpress ?ups?\b/, 'push-ups'],
  [/\bsquat/, 'squats'],
  [/\bplank/, 'planks'],
  [/\bburpee/, 'burpees'],
  [/\bjumping ?jacks?\b|\bjacks?\b/, 'jumping-jacks'],
  [/\bsit ?ups?\b|\bsitups?\b|\bcrunch/, 'sit-ups'],
  [/\blunge/, 'lunges'],
  [/\bhiit\b|\btabata\b|\bmetabolic\b|\bcardio\b|\binterval/, 'hiit'],
];

/**
 * The sample video for any exercise type ('hiit-cardio', 'Push Ups', 'plank', ...): case, hyphens and
 * spacing do not matter. Unknown exercises fall back to push-ups, so every Pact has a video to show.
 */
export function sampleVideoFor(exerciseType: string | null | undefined): SampleExercise {
  const name = (exerciseType ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  for (const [pattern, key] of SAMPLE_RULES) if (pattern.test(name)) return key;
  return 'push-ups';
}

export const AI_TRAINER = {
  id: 'ai-trainer',
  firstName: 'AI',
  lastName: 'Trainer',
  username: 'ai-trainer',
} as const;

export interface AiTrainerWorkout {
  key: string;
  title: string;
  description: string;
  exerciseType: string;
  targetValue: number;
  /** Reps, except the plank which is held for seconds. */
  unit: 'reps' | 'seconds';
  difficulty: Difficulty;
  totalDays: number;
  scheduleDays: readonly Weekday[];
}

const EVERY_DAY: readonly Weekday[] = WEEKDAYS;

/** The AI trainer's five public Pacts: push-ups 20, squats 30, plank 60 s, jumping jacks 50, sit-ups 25. */
export const AI_TRAINER_WORKOUTS: readonly AiTrainerWorkout[] = [
  {
    key: 'push-ups',
    title: 'Daily 20 Push-Ups',
    description: 'Twenty clean push-ups every day. Chest to the floor, body straight, no rushing.',
    exerciseType: 'push-ups',
    targetValue: 20,
    unit: 'reps',
    difficulty: 'easy',
    totalDays: 30,
    scheduleDays: EVERY_DAY,
  },
  {
    key: 'squats',
    title: 'Daily 30 Squats',
    description: 'Thirty deep squats a day: hips below the knees, heels down, chest up.',
    exerciseType: 'squats',
    targetValue: 30,
    unit: 'reps',
    difficulty: 'easy',
    totalDays: 30,
    scheduleDays: EVERY_DAY,
  },
  {
    key: 'plank',
    title: '60-Second Plank',
    description: 'Hold a solid plank for a full minute every day. Squeeze your glutes and keep breathing.',
    exerciseType: 'plank',
    targetValue: 60,
    unit: 'seconds',
    difficulty: 'medium',
    totalDays: 30,
    scheduleDays: EVERY_DAY,
  },
  {
    key: 'jumping-jacks',
    title: '50 Jumping Jacks',
    description: 'Fifty jumping jacks to get the blood pumping. Perfect for a quick morning wake-up.',
    exerciseType: 'jumping jacks',
    targetValue: 50,
    unit: 'reps',
    difficulty: 'easy',
    totalDays: 30,
    scheduleDays: EVERY_DAY,
  },
  {
    key: 'sit-ups',
    title: 'Daily 25 Sit-Ups',
    description: 'Twenty-five controlled sit-ups a day for a stronger core. Slow on the way down.',
    exerciseType: 'sit-ups',
    targetValue: 25,
    unit: 'reps',
    difficulty: 'easy',
    totalDays: 30,
    scheduleDays: EVERY_DAY,
  },
];
