import { initialWizardState, type WizardState } from '@shared/domain/wizard';
import { describe, expect, it } from 'vitest';
import { parseDraft } from './draft';

const filled: WizardState = {
  ...initialWizardState(),
  step: 4,
  templateId: 'tabata-burner',
  visibility: 'public',
  title: 'Morning Burn',
  exerciseType: 'pushups',
  targetValue: 30,
  totalDays: 45,
  difficulty: 'hard',
  scheduleDays: ['monday', 'wednesday'],
  workoutTime: '06:30',
};

const saved = (state: unknown, userId = 'u1') => JSON.stringify({ userId, state });

describe('parseDraft', () => {
  it('gives back what was entered, on the step it was on', () => {
    expect(parseDraft(saved(filled), 'u1')).toEqual(filled);
  });

  it('is another person’s draft or unreadable text: nothing', () => {
    expect(parseDraft(saved(filled), 'u2')).toBeNull();
    expect(parseDraft('{not json', 'u1')).toBeNull();
    expect(parseDraft(JSON.stringify({ userId: 'u1', state: [1] }), 'u1')).toBeNull();
  });

  it('puts a field of the wrong type back to its default', () => {
    const draft = parseDraft(
      saved({
        ...filled,
        title: 42,
        targetValue: -5,
        totalDays: 'many',
        difficulty: 'extreme',
        scheduleDays: ['monday', 'someday'],
        workoutTime: '25:99',
        visibility: 'everyone',
      }),
      'u1',
    )!;
    const base = initialWizardState();
    expect(draft.title).toBe(base.title);
    expect(draft.targetValue).toBe(base.targetValue);
    expect(draft.totalDays).toBe(base.totalDays);
    expect(draft.difficulty).toBe(base.difficulty);
    expect(draft.scheduleDays).toEqual(['monday']);
    expect(draft.workoutTime).toBe('');
    // Without a visibility, step 2 is not done: the wizard reopens there.
    expect(draft.visibility).toBeNull();
    expect(draft.step).toBe(2);
  });

  it('never opens past a step whose earlier steps are not done', () => {
    expect(parseDraft(saved({ ...filled, templateId: null }), 'u1')!.step).toBe(1);
    expect(parseDraft(saved({ ...filled, step: 99 }), 'u1')!.step).toBe(5);
    // A Pro draft on its sixth step with the team not filled in yet stops at six, its last step.
    expect(parseDraft(saved({ ...filled, step: 99, visibility: 'pro' }), 'u1')!.step).toBe(6);
  });
});
