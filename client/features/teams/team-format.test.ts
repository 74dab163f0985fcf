import { describe, expect, it } from 'vitest';
import {
  accentBorder,
  cutDescription,
  dollars,
  membersLabel,
  parsePriceInput,
  perMonth,
  trialLabel,
} from './team-format';

describe('team presentation', () => {
  it('keeps descriptions up to 80 characters and cuts longer ones with an ellipsis', () => {
    const exact = 'x'.repeat(80);
    expect(cutDescription(exact)).toBe(exact);
    expect(cutDescription(`${'y'.repeat(81)}`)).toBe(`${'y'.repeat(80)}...`);
    expect(cutDescription('  Short and sweet.  ')).toBe('Short and sweet.');
  });

  it('drops the spaces before the ellipsis and never splits an emoji', () => {
    expect(cutDescription(`${'a'.repeat(79)} and more`)).toBe(`${'a'.repeat(79)}...`);
    const emoji = `${'b'.repeat(79)}💪💪`;
    expect(cutDescription(emoji)).toBe(`${'b'.repeat(79)}💪...`);
  });

  it('shows cents as dollars', () => {
    expect(dollars(2900)).toBe('$29');
    expect(dollars(1250)).toBe('$12.50');
    expect(perMonth(19900)).toBe('$199/month');
  });

  it('names the free trial', () => {
    expect(trialLabel(7)).toBe('7-day free trial');
  });

  it('counts members', () => {
    expect(membersLabel(0)).toBe('0 members');
    expect(membersLabel(1)).toBe('1 member');
    expect(membersLabel(1204)).toBe('1,204 members');
  });

  it('holds the edited price to 5..199 dollars', () => {
    expect(parsePriceInput('29')).toEqual({ cents: 2900 });
    expect(parsePriceInput(' 5 ')).toEqual({ cents: 500 });
    expect(parsePriceInput('199')).toEqual({ cents: 19900 });
    expect(parsePriceInput('12.5')).toEqual({ cents: 1250 });
    for (const bad of ['4', '4.99', '199.01', '200', '', 'abc', '-10', '1e2', '29.999']) {
      expect(parsePriceInput(bad), bad).toEqual({ error: 'Price must be between $5 and $199 a month' });
    }
  });

  it("draws a card's left rule in the team's accent, and nothing for none or an unknown name", () => {
    expect(accentBorder('violet')).toEqual({ borderLeftColor: '#6d28d9' });
    expect(accentBorder(null)).toBeUndefined();
    expect(accentBorder('chartreuse')).toBeUndefined();
  });
});
