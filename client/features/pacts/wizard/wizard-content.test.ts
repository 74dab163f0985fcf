import { initialWizardState } from '@shared/domain/wizard';
import { describe, expect, it } from 'vitest';
import {
  isSubmitStep,
  PRICE_HINT,
  primaryActionLabel,
  revenueEstimateLabel,
  scheduleSummary,
  toggleDay,
  VISIBILITY_CHOICES,
} from './wizard-content';

describe('visibility choices', () => {
  it('offers the four choices in order', () => {
    expect(VISIBILITY_CHOICES.map((c) => c.value)).toEqual(['private', 'public', 'friends', 'pro']);
    expect(VISIBILITY_CHOICES[0]?.description).toBe('Only the creator participates');
  });
});

describe('revenue estimate', () => {
  it('is price x 50 members x 85% in whole dollars', () => {
    expect(revenueEstimateLabel(29)).toBe('$1,232/month estimated');
    expect(revenueEstimateLabel(5)).toBe('$212/month estimated');
    expect(revenueEstimateLabel(199)).toBe('$8,457/month estimated');
  });
  it('recommends $15 to $49', () => {
    expect(PRICE_HINT).toBe('Recommended: $15-$49/month');
  });
});

describe('primary action', () => {
  const at = (step: number, visibility: 'public' | 'pro' | null) => ({
    ...initialWizardState(),
    step,
    visibility,
  });
  it('creates on step 5 for non-Pro Pacts', () => {
    expect(primaryActionLabel(at(4, 'public'))).toBe('Continue');
    expect(primaryActionLabel(at(5, 'public'))).toBe('Create Pact');
    expect(isSubmitStep(at(5, 'public'))).toBe(true);
  });
  it('sets up the team on step 5 and creates on step 6 for Pro', () => {
    expect(primaryActionLabel(at(5, 'pro'))).toBe('Set Up Team');
    expect(isSubmitStep(at(5, 'pro'))).toBe(false);
    expect(primaryActionLabel(at(6, 'pro'))).toBe('Create Pro Pact');
    expect(isSubmitStep(at(6, 'pro'))).toBe(true);
  });
});

describe('schedule days', () => {
  it('toggles a day and keeps Monday-first order', () => {
    expect(toggleDay(['friday'], 'monday')).toEqual(['monday', 'friday']);
    expect(toggleDay(['monday', 'friday'], 'monday')).toEqual(['friday']);
  });
  it('summarises common schedules', () => {
    expect(
      scheduleSummary(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
    ).toBe('Every day');
    expect(scheduleSummary(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])).toBe('Weekdays');
    expect(scheduleSummary(['sunday', 'saturday'])).toBe('Weekends');
    expect(scheduleSummary(['monday', 'wednesday', 'friday'])).toBe('Mon, Wed, Fri');
  });
});
