import { z } from 'zod';
import {
  DESCRIPTION_MAX_LENGTH,
  DURATION_MAX_DAYS,
  DURATION_MIN_DAYS,
  EXERCISE_TYPE_MAX_LENGTH,
  PRICE_DEFAULT_DOLLARS,
  PRICE_MAX_DOLLARS,
  PRICE_MIN_DOLLARS,
  REPORT_REASON_MAX_LENGTH,
  REPORT_REASON_MIN_LENGTH,
  TARGET_VALUE_MAX,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '../domain/limits';
import { WEEKDAYS } from '../domain/time';
import { atLeastOneField } from './common';
import { idParam, intParam, intValue, pageCursor, stringId } from './ids';
import { freeText, text } from './text';

/**
 * Contracts of the Pacts API (docs/PACTS.md). The HTTP API keeps the word "challenge" in paths and fields
 * (`/api/challenges`, `challengeId`); inside the code the thing is a Pact.
 */

export const VISIBILITIES = ['private', 'public', 'friends', 'pro'] as const;
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const DAY_NAMES = WEEKDAYS;
export const PROOF_METHODS = ['live'] as const;

export const visibility = z.enum(VISIBILITIES);
export type Visibility = z.infer<typeof visibility>;
export const difficulty = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof difficulty>;
export const dayName = z.enum(DAY_NAMES);
export type DayName = z.infer<typeof dayName>;

/** 'HH:MM', 24-hour, as created in the wizard. */
export const WORKOUT_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const workoutTime = z
  .string()
  .regex(WORKOUT_TIME_RE, 'must be a time HH:MM (00:00 to 23:59)')
  .meta({ examples: ['07:30'] });

/** A stored upload (/media/<id>) or a bundled sample video (/samples/<key>.mp4|webm). */
export const TUTORIAL_URL_RE = /^(\/media\/[A-Za-z0-9_-]{1,64}|\/samples\/[a-z0-9-]{1,40}\.(mp4|webm))$/;
export const tutorialVideoUrl = z
  .string()
  .regex(TUTORIAL_URL_RE, 'must be an uploaded video (/media/...) or a sample (/samples/...)')
  .meta({ examples: ['/samples/push-ups.mp4'] });

export const scheduleDays = z
  .array(dayName)
  .min(1, 'pick at least one day')
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'days must not repeat')
  .meta({ uniqueItems: true });

const targetValue = intValue(0, TARGET_VALUE_MAX);
const totalDays = intValue(DURATION_MIN_DAYS, DURATION_MAX_DAYS);
/** An upload of the caller's (tus, kind 'tutorial'). */
export const mediaIdValue = stringId('media');

/** The shared limits (shared/domain/limits) as the server enforces them. */
export const PACT_LIMITS = {
  titleMax: TITLE_MAX_LENGTH,
  descriptionMax: DESCRIPTION_MAX_LENGTH,
  exerciseTypeMax: EXERCISE_TYPE_MAX_LENGTH,
  targetMax: TARGET_VALUE_MAX,
  totalDaysMin: DURATION_MIN_DAYS,
  totalDaysMax: DURATION_MAX_DAYS,
  priceMin: PRICE_MIN_DOLLARS,
  priceMax: PRICE_MAX_DOLLARS,
  priceDefault: PRICE_DEFAULT_DOLLARS,
  teamNameMax: TEAM_NAME_MAX_LENGTH,
  teamDescriptionMax: TEAM_DESCRIPTION_MAX_LENGTH,
  reportMin: REPORT_REASON_MIN_LENGTH,
  reportMax: REPORT_REASON_MAX_LENGTH,
  /** Like toggles per user in `likeWindowMs` before 429. */
  likeMax: 60,
  likeWindowMs: 60_000,
} as const;

/** Dollars a month, 5 to 199, at most two decimals (stored as cents): a Pro Pact's team and the team's edit. */
export const monthlyPriceDollars = z
  .number()
  .min(PRICE_MIN_DOLLARS, `must be from ${PRICE_MIN_DOLLARS} to ${PRICE_MAX_DOLLARS} dollars`)
  .max(PRICE_MAX_DOLLARS, `must be from ${PRICE_MIN_DOLLARS} to ${PRICE_MAX_DOLLARS} dollars`)
  .refine((d) => Math.abs(d * 100 - Math.round(d * 100)) < 1e-6, 'at most two decimals (whole cents)');

export const userSummary = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const participationStatus = z.enum(['active', 'completed']);

/** A Pact as every screen reads it. */
export const challenge = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  creatorId: z.string(),
  creator: userSummary,
  exerciseType: z.string(),
  targetValue: z.number().int(),
  difficulty,
  /** The stored 'HH:MM' (24-hour) or null for "all day"; the client presents it as 'h:mm AM/PM'. */
  workoutTime: z.string().nullable(),
  scheduleDays: z.array(dayName),
  /** Same number as totalDays (the API keeps both names). */
  duration: z.number().int(),
  totalDays: z.number().int(),
  /** The caller's day in this Pact when participating, else 1. */
  currentDay: z.number().int(),
  /** Dollars a month; 0 when free; a Pro Pact shows its team's price. */
  price: z.number(),
  participantCount: z.number().int(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  isParticipant: z.boolean(),
  /** The caller's participation status, or null when not participating. */
  myStatus: participationStatus.nullable(),
  isCreator: z.boolean(),
  /** The exercise, target and duration are fixed: someone besides the creator joined (even if they left since). */
  termsLocked: z.boolean(),
  isHidden: z.boolean(),
  visibility,
  proofMethod: z.string(),
  isCustom: z.boolean(),
  tutorialVideoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  teamId: z.number().int().nullable(),
  /** The team of a Pro Pact (Discover's premium slide), else null, with its look (the chat header shows it). */
  team: z
    .object({
      id: z.number().int(),
      name: z.string(),
      coachId: z.string(),
      imageUrl: z.string().nullable(),
      /** A name of shared/domain/accents.ts, or null for the app's own colour. */
      accentColor: z.string().nullable(),
    })
    .nullable(),
  /**
   * Whether the caller may use the Pact now: true without a team; on a team's Pact, true for its coach and for a
   * member with a live subscription (teams/policy.ts). A participant whose access ended keeps the participation
   * (it returns with a new subscription) and gets false: the app offers the team's page instead of the chat.
   */
  teamAccess: z.boolean(),
  createdAt: z.string(),
});
export type Challenge = z.infer<typeof challenge>;

/** A participation in a profile's lists: `ended` when its team access ended (docs/TEAMS.md). */
export const participationListStatus = z.enum(['active', 'completed', 'ended']);

export const participation = z.object({
  id: z.number().int(),
  userId: z.string(),
  status: participationListStatus,
  currentDay: z.number().int(),
  completedValue: z.number().int(),
  daysDone: z.number().int(),
  /** The participant's local date of joining (YYYY-MM-DD): their day 1. */
  startDay: z.string(),
  challengeId: z.number().int(),
  challenge,
});
export type Participation = z.infer<typeof participation>;

export const participant = z.object({
  id: z.number().int(),
  userId: z.string(),
  user: userSummary,
  status: participationStatus,
  currentDay: z.number().int(),
  completedValue: z.number().int(),
});
export type Participant = z.infer<typeof participant>;

/** POST /api/challenges: the create wizard's payload; limits from shared/domain/limits.ts. */
/** An optional field where an empty string means "none" (SPEC's client sends '' for fields it has no value for). */
function emptyAsNone<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema);
}

export const createChallengeBody = z
  .strictObject({
    exerciseType: text(PACT_LIMITS.exerciseTypeMax),
    targetValue,
    title: text(PACT_LIMITS.titleMax),
    description: freeText(PACT_LIMITS.descriptionMax, { multiline: true }).optional(),
    proofMethod: z.enum(PROOF_METHODS).default('live'),
    visibility,
    totalDays,
    scheduleDays,
    workoutTime: workoutTime.nullable().optional(),
    isCustom: z.boolean().default(false),
    /** '' (SPEC's client sends it when there is no video) means none. */
    tutorialVideoUrl: emptyAsNone(tutorialVideoUrl.nullable().optional()),
    /** An uploaded tutorial (the caller's own media); wins over tutorialVideoUrl. */
    tutorialMediaId: mediaIdValue.nullable().optional(),
    /** Defaults from the template of the exercise type (medium when none). */
    difficulty: difficulty.optional(),
    /** Pro only: dollars a month. */
    monthlyPrice: monthlyPriceDollars.optional(),
    /** Pro only; '' (sent by SPEC's client for every other Pact) means none. */
    teamName: emptyAsNone(text(PACT_LIMITS.teamNameMax).optional()),
    teamDescription: emptyAsNone(text(PACT_LIMITS.teamDescriptionMax, { multiline: true }).optional()),
    /** Accepted for compatibility with older clients and ignored: the creator is always the signed-in user. */
    creatorId: z.string().max(200).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.visibility !== 'pro') return;
    if (!body.teamName) ctx.addIssue({ code: 'custom', path: ['teamName'], message: 'is required for Pro' });
    if (!body.teamDescription)
      ctx.addIssue({ code: 'custom', path: ['teamDescription'], message: 'is required for Pro' });
  })
  .meta({
    description: 'A Pro Pact (visibility "pro") also needs teamName and teamDescription.',
    anyOf: [
      { properties: { visibility: { enum: VISIBILITIES.filter((v) => v !== 'pro') } } },
      { required: ['teamName', 'teamDescription'] },
    ],
  });
export type CreateChallengeBody = z.input<typeof createChallengeBody>;
export type CreateChallengeInput = z.output<typeof createChallengeBody>;

/**
 * PATCH /api/challenges/:id (creator only), at least one field. exerciseType, targetValue and totalDays lock once
 * others join (409).
 */
export const updateChallengeBody = atLeastOneField(
  z
    .strictObject({
      isHidden: z.boolean(),
      title: text(PACT_LIMITS.titleMax),
      description: freeText(PACT_LIMITS.descriptionMax, { multiline: true }),
      difficulty,
      workoutTime: workoutTime.nullable(),
      scheduleDays,
      tutorialVideoUrl: tutorialVideoUrl.nullable(),
      tutorialMediaId: mediaIdValue.nullable(),
      exerciseType: text(PACT_LIMITS.exerciseTypeMax),
      targetValue,
      totalDays,
    })
    .partial(),
);
export type UpdateChallengeBody = z.infer<typeof updateChallengeBody>;

/**
 * GET /api/challenges. all: everything the caller may see; friends: created by a friend; popular: more than 20
 * participants; mine: created by the caller (Home and Profile "My Pacts"); teams (labelled Pro): Pro Pacts of
 * teams. Newest first.
 */
export const CHALLENGE_FILTERS = ['all', 'friends', 'popular', 'mine', 'teams'] as const;
export type ChallengeFilter = (typeof CHALLENGE_FILTERS)[number];
export const CHALLENGES_PAGE_MAX = 50;
export const listChallengesQuery = z.strictObject({
  filter: z.enum(CHALLENGE_FILTERS).default('all'),
  /** Opaque: the nextCursor of the previous page. */
  cursor: pageCursor().optional(),
  limit: intParam(1, CHALLENGES_PAGE_MAX).default(20),
});
export type ListChallengesQuery = z.input<typeof listChallengesQuery>;

export const challengePage = z.object({
  items: z.array(challenge),
  nextCursor: z.string().nullable(),
});
export type ChallengePage = z.infer<typeof challengePage>;

export const challengeIdParams = z.strictObject({ id: idParam() });

export const likeResponse = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponse>;

export const leaveResponse = z.object({ ok: z.literal(true), participantCount: z.number().int() });

export const reportChallengeBody = z.strictObject({
  reason: text(PACT_LIMITS.reportMax, { min: PACT_LIMITS.reportMin, multiline: true }),
});
export type ReportChallengeBody = z.infer<typeof reportChallengeBody>;
