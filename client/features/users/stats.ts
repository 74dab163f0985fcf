import type { Participation } from '@shared/api/pacts';
import { DEFAULT_TOTAL_DAYS } from '@shared/domain/limits';
import { formatCount } from '../../lib/count';

/** Texts of the user page. */

/** '#3', or 'N/A' without a rank (the AI trainer, or no rank yet). */
export function rankLabel(rank: number | null | undefined): string {
  return rank && rank > 0 ? `#${rank}` : 'N/A';
}

/** 12345 -> '12,345' */
export function statNumber(value: number | null | undefined): string {
  return formatCount(value ?? 0);
}

/** '{n} day streak' only for a positive streak; null hides the badge. */
export function streakLabel(streak: number | null | undefined): string | null {
  return streak && streak > 0 ? `${streak} day streak` : null;
}

function totalDaysOf(p: Pick<Participation, 'challenge'>): number {
  return p.challenge.totalDays || DEFAULT_TOTAL_DAYS;
}

/** 'Day x of y' of an active participation. */
export function dayOfLabel(p: Pick<Participation, 'currentDay' | 'challenge'>): string {
  const total = totalDaysOf(p);
  return `Day ${Math.min(Math.max(p.currentDay || 1, 1), total)} of ${total}`;
}

/** 'Completed in {totalDays or 7} days'; 'Ended: team access ended' for a team Pact whose access ended. */
export function completedInLabel(p: Pick<Participation, 'challenge' | 'status'>): string {
  if (p.status === 'ended') return 'Ended: team access ended';
  return `Completed in ${totalDaysOf(p)} days`;
}
