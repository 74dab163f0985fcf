/**
 * Streaks, points, XP, levels and ranks (docs/PACTS.md, "Progress"), computed from a user's approved proofs.
 * Everything is recomputed from scratch: a proof rejected after approval simply drops out of the input.
 *
 * Streak rule: walking the calendar, a scheduled day (some active Pact of the user is scheduled on it)
 * extends the streak when done and breaks it when not done. An unscheduled day neither breaks nor
 * extends it, even when the user worked out anyway. Today never breaks the streak (there is still time),
 * so the streak counts consecutive done days up to today or up to the last scheduled day before it.
 * A streak freeze, earned by a week of scheduled days done, stands in for one missed scheduled day.
 */
import {
  DIFFICULTY_XP_MULTIPLIER,
  LEVEL_XP_FACTOR,
  PACT_COMPLETION_PERCENT,
  STREAK_FREEZE_EVERY_DAYS,
  STREAK_FREEZES_MAX,
  XP_PER_APPROVED_PROOF,
  XP_PER_COMPLETED_PACT,
} from './limits';
import type { Difficulty } from './templates';
import { addDays, daysBetween, type IsoDate, type Weekday, weekdayOf } from './time';

export interface ApprovedProof {
  /** The author's local date when the proof was recorded. */
  recordedDay: IsoDate;
  /** Difficulty of the proof's Pact. */
  difficulty: Difficulty;
}

/** True when at least one of the user's active Pacts is scheduled on that date. */
export type ScheduleFn = (day: IsoDate) => boolean;

export interface ScheduleEntry {
  scheduleDays: readonly Weekday[];
  /** First day of the participation (inclusive). */
  startDay: IsoDate;
  /** Last day it was active (inclusive): its last Pact day, or the day before the user left. Open when null. */
  endDay?: IsoDate | null;
}

/** A schedule from the user's participations: a date is scheduled when one of them is active and scheduled. */
export function scheduleFromParticipations(entries: readonly ScheduleEntry[]): ScheduleFn {
  return (day) => {
    const weekday = weekdayOf(day);
    return entries.some(
      (entry) =>
        entry.scheduleDays.includes(weekday) &&
        day >= entry.startDay &&
        (!entry.endDay || day <= entry.endDay),
    );
  };
}

/** The distinct days with at least one approved proof, oldest first. */
export function doneDays(proofs: readonly Pick<ApprovedProof, 'recordedDay'>[]): IsoDate[] {
  return [...new Set(proofs.map((proof) => proof.recordedDay))].sort();
}

export interface StreakSummary {
  currentStreak: number;
  longestStreak: number;
  streakPoints: number;
  /** Streak freezes held after today's walk (0 to STREAK_FREEZES_MAX). */
  streakFreezes: number;
  /** Missed scheduled days a freeze was used on, oldest first: the streak went on over them. */
  frozenDays: IsoDate[];
}

export interface StreakOptions {
  /** Freezes held at most; 0 walks the plain rule (a missed scheduled day always breaks the streak). */
  maxFreezes?: number;
  /** Consecutive scheduled days done that earn one freeze. */
  freezeEveryDays?: number;
}

/**
 * One walk over the calendar from the first done day to today (or the last done day, if later).
 * Points: each approved proof adds the streak length reached on its day, so several proofs on one day
 * each add that day's length. A proof on an unscheduled day adds the current length, and at least 1 so
 * that every approved workout earns a point.
 *
 * Freezes: every `freezeEveryDays` consecutive scheduled days done earn one, held up to `maxFreezes` (a run
 * that reaches the count while the cap is held earns nothing, and counts again from zero). A scheduled day
 * before today that was missed while a streak runs uses one freeze: the streak neither grows nor breaks, the
 * day is frozen and the run towards the next freeze starts again. With no freeze left the streak ends.
 */
export function summarizeStreak(
  proofs: readonly Pick<ApprovedProof, 'recordedDay'>[],
  isScheduled: ScheduleFn,
  today: IsoDate,
  options: StreakOptions = {},
): StreakSummary {
  const maxFreezes = options.maxFreezes ?? STREAK_FREEZES_MAX;
  const every = options.freezeEveryDays ?? STREAK_FREEZE_EVERY_DAYS;
  const perDay = new Map<IsoDate, number>();
  for (const { recordedDay } of proofs) perDay.set(recordedDay, (perDay.get(recordedDay) ?? 0) + 1);
  const days = [...perDay.keys()].sort();
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined)
    return { currentStreak: 0, longestStreak: 0, streakPoints: 0, streakFreezes: 0, frozenDays: [] };

  const end = last > today ? last : today;
  let streak = 0;
  let longest = 0;
  let points = 0;
  let freezes = 0;
  let run = 0;
  const frozenDays: IsoDate[] = [];
  for (let day = first; day <= end; day = addDays(day, 1)) {
    const count = perDay.get(day) ?? 0;
    if (isScheduled(day)) {
      if (count > 0) {
        streak += 1;
        points += streak * count;
        run += 1;
        if (run === every) {
          freezes = Math.min(maxFreezes, freezes + 1);
          run = 0;
        }
      } else if (day < today) {
        run = 0;
        if (streak > 0 && freezes > 0) {
          freezes -= 1;
          frozenDays.push(day);
        } else {
          streak = 0;
        }
      }
    } else if (count > 0) {
      points += Math.max(1, streak) * count;
    }
    longest = Math.max(longest, streak);
  }
  return {
    currentStreak: streak,
    longestStreak: longest,
    streakPoints: points,
    streakFreezes: freezes,
    frozenDays,
  };
}

export function currentStreak(
  proofs: readonly Pick<ApprovedProof, 'recordedDay'>[],
  isScheduled: ScheduleFn,
  today: IsoDate,
): number {
  return summarizeStreak(proofs, isScheduled, today).currentStreak;
}

export function streakPoints(
  proofs: readonly Pick<ApprovedProof, 'recordedDay'>[],
  isScheduled: ScheduleFn,
  today: IsoDate,
): number {
  return summarizeStreak(proofs, isScheduled, today).streakPoints;
}

export function totalWorkouts(proofs: readonly unknown[]): number {
  return proofs.length;
}

/**
 * XP: 10 per approved proof and 100 per completed Pact (at least 80% of its scheduled days done), each
 * multiplied by its Pact's difficulty (easy 1, medium 1.5, hard 2); the total is rounded down.
 */
export function totalXp(
  proofs: readonly Pick<ApprovedProof, 'difficulty'>[],
  completedPacts: readonly { difficulty: Difficulty }[],
): number {
  let xp = 0;
  for (const proof of proofs) xp += XP_PER_APPROVED_PROOF * DIFFICULTY_XP_MULTIPLIER[proof.difficulty];
  for (const pact of completedPacts) xp += XP_PER_COMPLETED_PACT * DIFFICULTY_XP_MULTIPLIER[pact.difficulty];
  return Math.floor(xp);
}

export interface PactCompletion {
  scheduledCount: number;
  doneCount: number;
  ratio: number;
  /** At least 80% of the scheduled days done: earns the completion XP once the Pact is finished. */
  completed: boolean;
}

/**
 * How much of a Pact's schedule a participant did: the days from `startDay` for `totalDays` whose weekday
 * is scheduled, and how many of those are in `done` (the participant's done days for this Pact).
 */
export function pactCompletion(
  scheduleDays: readonly Weekday[],
  startDay: IsoDate,
  totalDays: number,
  done: Iterable<IsoDate>,
): PactCompletion {
  const doneSet = new Set(done);
  let scheduledCount = 0;
  let doneCount = 0;
  for (let i = 0; i < totalDays; i += 1) {
    const day = addDays(startDay, i);
    if (!scheduleDays.includes(weekdayOf(day))) continue;
    scheduledCount += 1;
    if (doneSet.has(day)) doneCount += 1;
  }
  const ratio = scheduledCount === 0 ? 0 : doneCount / scheduledCount;
  // Integer comparison avoids floating error at exactly 80%.
  const completed = scheduledCount > 0 && doneCount * 100 >= scheduledCount * PACT_COMPLETION_PERCENT;
  return { scheduledCount, doneCount, ratio, completed };
}

/** Day number of a participation (day 1 is `startDay`), clamped to 1..totalDays. */
export function currentDay(startDay: IsoDate, today: IsoDate, totalDays: number): number {
  const day = daysBetween(startDay, today) + 1;
  return Math.min(Math.max(1, totalDays), Math.max(1, day));
}

/** True once all `totalDays` days are behind: the participation is completed. */
export function isFinished(startDay: IsoDate, today: IsoDate, totalDays: number): boolean {
  return daysBetween(startDay, today) >= totalDays;
}

/** XP at which `level` starts: level n starts at 50 * (n - 1)^2 (level 1 at 0). */
export function xpForLevel(level: number): number {
  const n = Math.max(1, Math.floor(level));
  return LEVEL_XP_FACTOR * (n - 1) ** 2;
}

/** The level reached with `xp`: the largest n with xpForLevel(n) <= xp. */
export function levelForXp(xp: number): number {
  if (!(xp > 0)) return 1;
  let level = Math.floor(Math.sqrt(xp / LEVEL_XP_FACTOR)) + 1;
  // Correct the square root's floating-point error at exact level boundaries.
  while (xpForLevel(level + 1) <= xp) level += 1;
  while (level > 1 && xpForLevel(level) > xp) level -= 1;
  return level;
}

export interface LevelProgress {
  level: number;
  levelStartXp: number;
  nextLevelXp: number;
  /** Share of the way from this level to the next, 0 to 1. */
  fraction: number;
}

export function levelProgress(xp: number): LevelProgress {
  const level = levelForXp(xp);
  const levelStartXp = xpForLevel(level);
  const nextLevelXp = xpForLevel(level + 1);
  const fraction = Math.min(1, Math.max(0, (xp - levelStartXp) / (nextLevelXp - levelStartXp)));
  return { level, levelStartXp, nextLevelXp, fraction };
}

/** Rank of `value` among `values`: 1 + the number of strictly greater values, so ties share a rank. */
export function rankOf(value: number, values: readonly number[]): number {
  let greater = 0;
  for (const other of values) if (other > value) greater += 1;
  return greater + 1;
}

/** Competition ranks ("1224") of each value, in input order: rank = 1 + count of greater values. */
export function competitionRanks(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => b - a);
  const firstIndex = new Map<number, number>();
  sorted.forEach((value, index) => {
    if (!firstIndex.has(value)) firstIndex.set(value, index);
  });
  return values.map((value) => firstIndex.get(value)! + 1);
}

export interface ProgressInput {
  approvedProofs: readonly ApprovedProof[];
  /** Finished Pacts of the user that reached the completion threshold. */
  completedPacts: readonly { difficulty: Difficulty }[];
  isScheduled: ScheduleFn;
  today: IsoDate;
}

export interface ProgressSummary extends StreakSummary {
  doneDays: IsoDate[];
  totalWorkouts: number;
  totalXp: number;
  level: number;
}

/** Every figure of a user's progress at once, as the server stores it and the leaderboard shows it. */
export function summarizeProgress(input: ProgressInput): ProgressSummary {
  const xp = totalXp(input.approvedProofs, input.completedPacts);
  return {
    ...summarizeStreak(input.approvedProofs, input.isScheduled, input.today),
    doneDays: doneDays(input.approvedProofs),
    totalWorkouts: totalWorkouts(input.approvedProofs),
    totalXp: xp,
    level: levelForXp(xp),
  };
}
