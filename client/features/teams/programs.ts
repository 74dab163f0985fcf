import { TEAMS_PROGRAMS_LIMIT } from '@shared/domain/limits';

/**
 * The order premium programs are shown in (the Teams screen's 6, Discover's team slides): most members first, then
 * the newest, so a new coach's program is seen before long-empty ones.
 */
export function rankPrograms<T extends { id: number; memberCount: number }>(teams: readonly T[]): T[] {
  return [...teams].sort((a, b) => b.memberCount - a.memberCount || b.id - a.id);
}

/** SPEC 9: the Teams screen shows at most 6 programs. */
export function programsToShow<T extends { id: number; memberCount: number }>(teams: readonly T[]): T[] {
  return rankPrograms(teams).slice(0, TEAMS_PROGRAMS_LIMIT);
}
