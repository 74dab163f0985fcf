import type { Challenge } from '@shared/api/pacts';
import { DEFAULT_TOTAL_DAYS } from '@shared/domain/limits';
import { formatWorkoutTime } from '@shared/domain/time';

/** Presentation rules of a Discover slide. */

/** 'FREE' when the price is 0 (or missing), else a dollar amount: '$29', '$12.50'. */
export function priceLabel(price: number | null | undefined): string {
  if (!price || price <= 0) return 'FREE';
  return Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`;
}

/** duration, else totalDays, else 7. */
export function durationDays(pact: Pick<Challenge, 'duration' | 'totalDays'>): number {
  return pact.duration || pact.totalDays || DEFAULT_TOTAL_DAYS;
}

export function durationLabel(pact: Pick<Challenge, 'duration' | 'totalDays'>): string {
  const days = durationDays(pact);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** 'h:mm AM/PM', or 'All day' for a Pact without a workout time. */
export function workoutTimeLabel(workoutTime: string | null | undefined): string {
  return workoutTime ? formatWorkoutTime(workoutTime) : 'All day';
}

/** The creator's first name, else username. */
export function creatorName(pact: Pick<Challenge, 'creator'>): string {
  return pact.creator.firstName?.trim() || pact.creator.username || 'Unknown';
}

/** How many slides before the end the next page starts loading. */
export const PREFETCH_SLIDES = 3;

/** Whether showing slide `index` of `count` should fetch the next page. */
export function shouldLoadMore(index: number, count: number, hasNextPage: boolean): boolean {
  return hasNextPage && count > 0 && index >= count - PREFETCH_SLIDES;
}
