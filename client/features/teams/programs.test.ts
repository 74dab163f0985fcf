import { describe, expect, it } from 'vitest';
import { programsToShow, rankPrograms } from './programs';

const team = (id: number, memberCount: number) => ({ id, memberCount });

describe('premium programs', () => {
  it('puts the most members first, then the newest', () => {
    const ranked = rankPrograms([team(1, 0), team(2, 5), team(3, 0), team(4, 5), team(5, 9)]);
    expect(ranked.map((t) => t.id)).toEqual([5, 4, 2, 3, 1]);
  });

  it('shows at most 6 on the Teams screen, and leaves its input alone', () => {
    const teams = Array.from({ length: 9 }, (_, i) => team(i + 1, 0));
    expect(programsToShow(teams).map((t) => t.id)).toEqual([9, 8, 7, 6, 5, 4]);
    expect(teams[0]?.id).toBe(1);
    expect(programsToShow([team(1, 0)])).toHaveLength(1);
  });
});
