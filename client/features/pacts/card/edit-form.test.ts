import { describe, expect, it } from 'vitest';
import { makePact } from '../pact-fixture';
import { editChanges, editFormOf, isEditFormValid, tutorialChanges } from './edit-form';

describe('edit form', () => {
  const pact = makePact({ workoutTime: '07:30', scheduleDays: ['monday', 'friday'] });

  it('sends nothing when nothing changed', () => {
    expect(editChanges(pact, editFormOf(pact))).toBeNull();
  });
  it('sends only the changed fields, trimmed', () => {
    const form = { ...editFormOf(pact), title: '  New name ', difficulty: 'hard' as const };
    expect(editChanges(pact, form)).toEqual({ title: 'New name', difficulty: 'hard' });
  });
  it('turns a cleared time into an all-day Pact and compares days as a set', () => {
    const form = {
      ...editFormOf(pact),
      workoutTime: '',
      scheduleDays: ['friday' as const, 'monday' as const],
    };
    expect(editChanges(pact, form)).toEqual({ workoutTime: null });
  });
  it('sends terms only when they changed', () => {
    const form = { ...editFormOf(pact), targetValue: 40 };
    expect(editChanges(pact, form)).toEqual({ targetValue: 40 });
  });
  it('needs a title, an exercise, a day and a readable time', () => {
    const form = editFormOf(pact);
    expect(isEditFormValid(form)).toBe(true);
    expect(isEditFormValid({ ...form, title: ' ' })).toBe(false);
    expect(isEditFormValid({ ...form, exerciseType: '' })).toBe(false);
    expect(isEditFormValid({ ...form, scheduleDays: [] })).toBe(false);
    expect(isEditFormValid({ ...form, workoutTime: '25:00' })).toBe(false);
    expect(isEditFormValid({ ...form, workoutTime: '' })).toBe(true);
  });
});

describe('tutorialChanges', () => {
  it('sends a new recording by its media id', () => {
    expect(tutorialChanges({ kind: 'replace', mediaId: 'm1' }, true)).toEqual({ tutorialMediaId: 'm1' });
  });
  it('clears both fields to remove a tutorial, and sends nothing when there was none', () => {
    expect(tutorialChanges({ kind: 'remove' }, true)).toEqual({
      tutorialMediaId: null,
      tutorialVideoUrl: null,
    });
    expect(tutorialChanges({ kind: 'remove' }, false)).toEqual({});
    expect(tutorialChanges({ kind: 'keep' }, true)).toEqual({});
  });
});
