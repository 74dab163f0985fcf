import type { ProofStatus } from '../../../shared/api/proofs';
import type { Difficulty } from '../../../shared/domain/templates';
import type { Weekday } from '../../../shared/domain/time';

/** The demo sandbox template: who the visitor's friends are and what they have been up to. */
export const DEMO_FRIENDS = [
  {
    key: 'maya',
    firstName: 'Maya',
    lastName: 'Chen',
    bio: 'Morning HIIT addict. Coffee after, never before.',
  },
  { key: 'leo', firstName: 'Leo', lastName: 'Okafor', bio: 'Training for my first half marathon.' },
  { key: 'sofia', firstName: 'Sofia', lastName: 'Reyes', bio: 'Yoga, planks and the occasional burpee.' },
] as const;
export type DemoFriendKey = (typeof DEMO_FRIENDS)[number]['key'];

const WEEKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const EVERY_DAY: Weekday[] = [...WEEKDAYS, 'saturday', 'sunday'];

export interface DemoPact {
  creator: 'me' | DemoFriendKey;
  members: Array<'me' | DemoFriendKey>;
  title: string;
  description: string;
  exerciseType: string;
  targetValue: number;
  difficulty: Difficulty;
  workoutTime: string | null;
  scheduleDays: Weekday[];
  totalDays: number;
  /** Messages in order, oldest first: who and what, and how many minutes ago. */
  chat: Array<{ from: 'me' | DemoFriendKey; text: string; minutesAgo: number }>;
}

export const DEMO_PACTS: DemoPact[] = [
  {
    creator: 'maya',
    members: ['me', 'leo'],
    title: '21-Day HIIT Cardio Blast',
    description: 'Twenty minutes of intervals every weekday morning. Post your proof before breakfast!',
    exerciseType: 'hiit-cardio',
    targetValue: 20,
    difficulty: 'medium',
    workoutTime: '07:00',
    scheduleDays: WEEKDAYS,
    totalDays: 21,
    chat: [
      {
        from: 'maya',
        text: 'Welcome to the Pact! Proof before breakfast, no excuses 😄',
        minutesAgo: 60 * 26,
      },
      { from: 'leo', text: 'Day one done. My legs disagree with this plan.', minutesAgo: 60 * 25 },
      { from: 'maya', text: 'That means it is working! Same time tomorrow.', minutesAgo: 60 * 24 },
      { from: 'leo', text: 'Who is in for a bonus round on Saturday?', minutesAgo: 90 },
      { from: 'maya', text: 'Me! Anyone else? 👀', minutesAgo: 45 },
    ],
  },
  {
    creator: 'me',
    members: ['sofia'],
    title: '30-Day Push-up Pact',
    description: 'Fifty push-ups a day, split however you like. Film the last set.',
    exerciseType: 'push-ups',
    targetValue: 50,
    difficulty: 'medium',
    workoutTime: '18:30',
    scheduleDays: EVERY_DAY,
    totalDays: 30,
    chat: [
      { from: 'me', text: 'Thanks for joining! Fifty a day, we can do this.', minutesAgo: 60 * 30 },
      { from: 'sofia', text: 'Count me in. Doing mine after work.', minutesAgo: 60 * 29 },
    ],
  },
  {
    creator: 'sofia',
    members: ['maya'],
    title: '14-Day Plank Ladder',
    description: 'Start at 30 seconds and add 5 every day. Core of steel in two weeks.',
    exerciseType: 'planks',
    targetValue: 60,
    difficulty: 'easy',
    workoutTime: null,
    scheduleDays: EVERY_DAY,
    totalDays: 14,
    chat: [{ from: 'sofia', text: 'Plank ladder starts today. Keep your hips level!', minutesAgo: 60 * 5 }],
  },
];

/**
 * Workout proofs in the sandbox: past approved ones give the visitor a 3-day streak, calendar dots and
 * leaderboard figures; today's pending ones are there for the visitor to approve. `pact` indexes DEMO_PACTS.
 */
export interface DemoProof {
  pact: number;
  from: 'me' | DemoFriendKey;
  daysAgo: number;
  status: Exclude<ProofStatus, 'rejected'>;
  /** Who approved it (must be eligible: the creator, or for the creator's own proof another member). */
  decidedBy?: 'me' | DemoFriendKey;
}

export const DEMO_PROOFS: DemoProof[] = [
  { pact: 1, from: 'me', daysAgo: 3, status: 'approved', decidedBy: 'sofia' },
  { pact: 1, from: 'me', daysAgo: 2, status: 'approved', decidedBy: 'sofia' },
  { pact: 1, from: 'me', daysAgo: 1, status: 'approved', decidedBy: 'sofia' },
  { pact: 0, from: 'leo', daysAgo: 2, status: 'approved', decidedBy: 'maya' },
  { pact: 0, from: 'leo', daysAgo: 1, status: 'approved', decidedBy: 'maya' },
  { pact: 2, from: 'maya', daysAgo: 0, status: 'approved', decidedBy: 'sofia' },
  { pact: 0, from: 'maya', daysAgo: 0, status: 'pending' },
  { pact: 1, from: 'sofia', daysAgo: 0, status: 'pending' },
];
