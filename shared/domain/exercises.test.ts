import { describe, expect, it } from 'vitest';
import { amountText, exerciseInfo, targetText, unitLabel } from './exercises';

describe('exercise names and units', () => {
  it('names the templates and the trainer exercises with their units', () => {
    expect(targetText(20, 'hiit-cardio')).toBe('Target: 20 minutes of HIIT cardio');
    expect(targetText(4, 'tabata')).toBe('Target: 4 rounds of Tabata');
    expect(targetText(60, 'plank')).toBe('Target: 60 seconds of plank');
    expect(targetText(20, 'push-ups')).toBe('Target: 20 push-ups');
    expect(targetText(50, 'jumping-jacks')).toBe('Target: 50 jumping jacks');
    expect(exerciseInfo('metabolic-hiit').name).toBe('Metabolic HIIT');
    expect(exerciseInfo('Push Ups').name).toBe('Push-ups');
  });

  it('reads a custom exercise’s unit from its name and keeps its words', () => {
    expect(amountText(45, 'Wall sit')).toBe('45 seconds of wall sit');
    expect(amountText(30, 'Morning run')).toBe('30 minutes of morning run');
    expect(amountText(12, 'kettlebell-swings')).toBe('12 reps of kettlebell swings');
    expect(amountText(1, 'Pull ups')).toBe('1 rep of pull ups');
    expect(exerciseInfo('kettlebell-swings').name).toBe('Kettlebell swings');
  });

  it('says reps for an unnamed exercise and labels the proof field by unit', () => {
    expect(amountText(10, '')).toBe('10 reps');
    expect(unitLabel('plank')).toBe('Seconds');
    expect(unitLabel('squats')).toBe('Reps');
    expect(unitLabel('hiit-strength')).toBe('Minutes');
  });
});
