import type { Challenge, Participation } from '@shared/api/pacts';

/** Builders for unit tests of the Pacts client (never imported by screens). */
let nextId = 1;

export function makePact(overrides: Partial<Challenge> = {}): Challenge {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Pact ${id}`,
    description: 'Daily reps',
    creatorId: 'u-creator',
    creator: { id: 'u-creator', firstName: 'Casey', username: 'casey', profileImageUrl: null },
    exerciseType: 'push-ups',
    targetValue: 20,
    difficulty: 'medium',
    workoutTime: null,
    scheduleDays: ['monday'],
    duration: 7,
    totalDays: 7,
    currentDay: 1,
    price: 0,
    participantCount: 1,
    likeCount: 0,
    likedByMe: false,
    isParticipant: false,
    myStatus: null,
    isCreator: false,
    termsLocked: false,
    isHidden: false,
    visibility: 'public',
    proofMethod: 'live',
    isCustom: false,
    tutorialVideoUrl: null,
    thumbnailUrl: null,
    teamId: null,
    teamAccess: true,
    team: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeParticipation(pact: Challenge, overrides: Partial<Participation> = {}): Participation {
  return {
    id: pact.id * 10,
    userId: 'u-me',
    status: 'active',
    currentDay: 1,
    completedValue: 0,
    daysDone: 0,
    startDay: '2026-01-01',
    challengeId: pact.id,
    challenge: pact,
    ...overrides,
  };
}
