import { describe, expect, it } from 'vitest';
import { interleaveTeams } from './interleave';

const kinds = (entries: ReturnType<typeof interleaveTeams<number, string>>) =>
  entries.map((e) => (e.kind === 'pact' ? `p${e.pact}` : `T${e.team}`)).join(' ');

describe('interleaveTeams', () => {
  it('puts one team after every two Pacts, in order', () => {
    expect(kinds(interleaveTeams([1, 2, 3, 4, 5], ['a', 'b', 'c']))).toBe('p1 p2 Ta p3 p4 Tb p5');
  });

  it('makes teams about 30 percent of a long feed', () => {
    const pacts = Array.from({ length: 60 }, (_, i) => i);
    const teams = Array.from({ length: 60 }, (_, i) => String(i));
    const entries = interleaveTeams(pacts, teams);
    const share = entries.filter((e) => e.kind === 'team').length / entries.length;
    expect(share).toBeCloseTo(1 / 3, 2);
  });

  it('shows each team once and goes on with Pacts when teams run out', () => {
    expect(kinds(interleaveTeams([1, 2, 3, 4, 5, 6], ['a']))).toBe('p1 p2 Ta p3 p4 p5 p6');
  });

  it('shows no team before two Pacts, and none without Pacts', () => {
    expect(kinds(interleaveTeams([1], ['a']))).toBe('p1');
    expect(interleaveTeams([], ['a', 'b'])).toEqual([]);
    expect(kinds(interleaveTeams([1, 2], []))).toBe('p1 p2');
  });
});
