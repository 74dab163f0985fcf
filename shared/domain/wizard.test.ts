import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTemplate, type PactTemplate } from './templates';
import {
  buildCreatePayload,
  canSkipToFinish,
  chooseTemplate,
  initialWizardState,
  isStepValid,
  isWizardComplete,
  nextStep,
  parseDuration,
  parsePrice,
  parseTarget,
  previousStep,
  revenueEstimate,
  skipToFinish,
  stepCount,
  stepCounter,
  type WizardState,
} from './wizard';

const template = (id: string): PactTemplate => findTemplate(id)!;
const user = { id: 'user-1' };

function filled(id = 'hiit-cardio-blast', patch: Partial<WizardState> = {}): WizardState {
  return { ...chooseTemplate(initialWizardState(), template(id)), visibility: 'public', ...patch };
}

describe('steps', () => {
  it('starts on step 1 with the product defaults', () => {
    const state = initialWizardState();
    expect(state.step).toBe(1);
    expect(state.targetValue).toBe(50);
    expect(state.totalDays).toBe(30);
    expect(state.monthlyPrice).toBe(29);
    expect(isStepValid(state)).toBe(false);
  });

  it('fills the template and goes to step 2 when one is picked', () => {
    const state = chooseTemplate(initialWizardState(), template('hiit-strength'));
    expect(state).toMatchObject({
      step: 2,
      exerciseType: 'hiit-strength',
      targetValue: 30,
      totalDays: 28,
      title: '28-Day HIIT Strength',
      difficulty: 'hard',
    });
    expect(isStepValid(state, 1)).toBe(true);
  });

  it('counts x/5, or x/6 for Pro', () => {
    expect(stepCounter(filled())).toBe('2/5');
    expect(stepCount(filled('tabata-burner', { visibility: 'pro' }))).toBe(6);
    expect(stepCounter(filled('tabata-burner', { visibility: 'pro', step: 6 }))).toBe('6/6');
  });

  it('validates each step', () => {
    const state = filled();
    expect(isStepValid({ ...state, visibility: null }, 2)).toBe(false);
    expect(isStepValid(state, 2)).toBe(true);
    expect(isStepValid({ ...state, title: '   ' }, 3)).toBe(false);
    expect(isStepValid(state, 3)).toBe(true);
    expect(isStepValid({ ...state, scheduleDays: [] }, 4)).toBe(false);
    expect(isStepValid({ ...state, workoutTime: '25:00' }, 4)).toBe(false);
    expect(isStepValid({ ...state, workoutTime: '07:30' }, 4)).toBe(true);
    expect(isStepValid(state, 5)).toBe(true);
    expect(isStepValid(state, 6)).toBe(false);
    expect(
      isStepValid({ ...state, teamName: 'Crew', teamDescription: 'Daily HIIT', monthlyPrice: 5 }, 6),
    ).toBe(true);
    expect(
      isStepValid({ ...state, teamName: 'Crew', teamDescription: 'Daily HIIT', monthlyPrice: 4 }, 6),
    ).toBe(false);
    expect(isStepValid({ ...state, teamName: ' ', teamDescription: 'Daily HIIT' }, 6)).toBe(false);
    expect(isStepValid(state, 7)).toBe(false);
  });

  it('requires an exercise type on step 3 for Custom HIIT only', () => {
    const custom = filled('custom-hiit', { title: 'My Pact' });
    expect(custom.exerciseType).toBe('');
    expect(isStepValid(custom, 1)).toBe(true);
    expect(isStepValid(custom, 3)).toBe(false);
    expect(isStepValid({ ...custom, exerciseType: '  ' }, 3)).toBe(false);
    expect(isStepValid({ ...custom, exerciseType: 'burpees' }, 3)).toBe(true);
    expect(isStepValid(filled('tabata-burner', { exerciseType: '' }), 3)).toBe(true);
  });

  it('moves forward only from a valid step and never past the last one', () => {
    expect(nextStep(initialWizardState()).step).toBe(1);
    const two = chooseTemplate(initialWizardState(), template('tabata-burner'));
    expect(nextStep(two).step).toBe(2);
    expect(nextStep({ ...two, visibility: 'friends' }).step).toBe(3);
    expect(nextStep(filled('tabata-burner', { step: 5 })).step).toBe(5);
    expect(nextStep(filled('tabata-burner', { step: 5, visibility: 'pro' })).step).toBe(6);
  });

  it('goes back one step, never below 1', () => {
    expect(previousStep(filled('tabata-burner', { step: 4 })).step).toBe(3);
    expect(previousStep(initialWizardState()).step).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 10 }), (step, backs) => {
        let state = filled('tabata-burner', { step });
        for (let i = 0; i < backs; i += 1) state = previousStep(state);
        expect(state.step).toBe(Math.max(1, step - backs));
      }),
    );
  });

  it('offers Skip to finish on step 4 for non-Pro only, jumping to step 5', () => {
    const four = filled('tabata-burner', { step: 4 });
    expect(canSkipToFinish(four)).toBe(true);
    expect(skipToFinish(four).step).toBe(5);
    expect(canSkipToFinish({ ...four, visibility: 'pro' })).toBe(false);
    expect(skipToFinish({ ...four, visibility: 'pro' }).step).toBe(4);
    expect(canSkipToFinish({ ...four, step: 3 })).toBe(false);
  });
});

describe('input parsing', () => {
  it('parses duration within 1..365, failure gives 1', () => {
    expect(parseDuration('21')).toBe(21);
    expect(parseDuration('0')).toBe(1);
    expect(parseDuration('400')).toBe(365);
    expect(parseDuration('')).toBe(1);
    expect(parseDuration('abc')).toBe(1);
    expect(parseDuration(' 12 ')).toBe(12);
  });

  it('parses target, failure gives 0', () => {
    expect(parseTarget('20')).toBe(20);
    expect(parseTarget('')).toBe(0);
    expect(parseTarget('x')).toBe(0);
    expect(parseTarget('-4')).toBe(0);
  });

  it('parses price within 5..199, failure gives 29', () => {
    expect(parsePrice('49')).toBe(49);
    expect(parsePrice('')).toBe(29);
    expect(parsePrice('free')).toBe(29);
    expect(parsePrice('2')).toBe(5);
    expect(parsePrice('500')).toBe(199);
  });

  it('keeps every parsed value inside its bounds for any input', () => {
    const input = fc.oneof(fc.string(), fc.integer().map(String), fc.double().map(String), fc.double());
    fc.assert(
      fc.property(input, (value) => {
        const duration = parseDuration(value);
        expect(Number.isInteger(duration) && duration >= 1 && duration <= 365).toBe(true);
        const price = parsePrice(value);
        expect(Number.isInteger(price) && price >= 5 && price <= 199).toBe(true);
        const target = parseTarget(value);
        expect(Number.isInteger(target) && target >= 0).toBe(true);
      }),
    );
  });

  it('keeps in-range whole numbers as they are', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 365 }), fc.integer({ min: 5, max: 199 }), (days, price) => {
        expect(parseDuration(String(days))).toBe(days);
        expect(parsePrice(String(price))).toBe(price);
        expect(parseTarget(String(days))).toBe(days);
      }),
    );
  });
});

describe('revenue estimate', () => {
  it('is price x 50 members x 85%', () => {
    expect(revenueEstimate(29)).toBe(1232.5);
    expect(revenueEstimate(5)).toBe(212.5);
    expect(revenueEstimate(199)).toBe(8457.5);
  });
});

describe('buildCreatePayload', () => {
  it('builds the create payload with the template description', () => {
    const state = filled('hiit-cardio-blast', {
      step: 5,
      workoutTime: '07:30',
      scheduleDays: ['friday', 'monday'],
    });
    expect(buildCreatePayload(state, user)).toEqual({
      exerciseType: 'hiit-cardio',
      targetValue: 20,
      title: '21-Day HIIT Cardio Blast',
      description: template('hiit-cardio-blast').description,
      difficulty: 'medium',
      proofMethod: 'live',
      visibility: 'public',
      totalDays: 21,
      scheduleDays: ['monday', 'friday'],
      workoutTime: '07:30',
      isCustom: false,
      tutorialVideoUrl: null,
      tutorialMediaId: null,
      monthlyPrice: 29,
      creatorId: 'user-1',
    });
  });

  it("describes a custom Pact as 'Custom {exerciseType} challenge'", () => {
    const state = filled('custom-hiit', {
      title: ' Burpee Month ',
      exerciseType: ' burpees ',
      workoutTime: '',
    });
    const payload = buildCreatePayload(state, user);
    expect(payload.description).toBe('Custom burpees challenge');
    expect(payload.title).toBe('Burpee Month');
    expect(payload.isCustom).toBe(true);
    expect(payload.workoutTime).toBeNull();
  });

  it('adds the team only for Pro', () => {
    const pro = filled('hiit-strength', {
      visibility: 'pro',
      teamName: ' Iron Crew ',
      teamDescription: 'Coached strength',
      monthlyPrice: 39,
    });
    expect(buildCreatePayload(pro, user)).toMatchObject({
      visibility: 'pro',
      teamName: 'Iron Crew',
      teamDescription: 'Coached strength',
      monthlyPrice: 39,
    });
    expect(buildCreatePayload(filled(), user)).not.toHaveProperty('teamName');
  });

  it('refuses an incomplete wizard', () => {
    expect(() => buildCreatePayload(initialWizardState(), user)).toThrow();
    expect(() => buildCreatePayload(filled('custom-hiit', { title: 'x' }), user)).toThrow();
    expect(() => buildCreatePayload(filled('hiit-strength', { visibility: 'pro' }), user)).toThrow();
    expect(isWizardComplete(filled())).toBe(true);
  });
});
