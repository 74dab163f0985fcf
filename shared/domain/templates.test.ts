import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AI_TRAINER,
  AI_TRAINER_WORKOUTS,
  findTemplate,
  PACT_TEMPLATES,
  SAMPLE_EXERCISES,
  sampleVideoFor,
} from './templates';
import { WEEKDAYS } from './time';

describe('wizard templates', () => {
  it('has the five templates with their difficulties', () => {
    const rows = PACT_TEMPLATES.map((t) => [
      t.name,
      t.exerciseType,
      t.targetValue,
      t.totalDays,
      t.title,
      t.difficulty,
    ]);
    expect(rows).toEqual([
      ['HIIT Cardio Blast', 'hiit-cardio', 20, 21, '21-Day HIIT Cardio Blast', 'medium'],
      ['Tabata Burner', 'tabata', 4, 14, '14-Day Tabata Burner', 'medium'],
      ['HIIT Strength', 'hiit-strength', 30, 28, '28-Day HIIT Strength', 'hard'],
      ['Metabolic Mayhem', 'metabolic-hiit', 25, 30, '30-Day Metabolic Mayhem', 'hard'],
      ['Custom HIIT', '', 0, 7, null, 'medium'],
    ]);
  });

  it('gives each template a unique id, an emoji, an icon and a real description', () => {
    expect(new Set(PACT_TEMPLATES.map((t) => t.id)).size).toBe(PACT_TEMPLATES.length);
    for (const template of PACT_TEMPLATES) {
      expect(template.emoji.length).toBeGreaterThan(0);
      expect(template.icon).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(template.description.length).toBeGreaterThan(40);
      expect(findTemplate(template.id)).toBe(template);
    }
    expect(findTemplate('nope')).toBeUndefined();
  });

  it('marks only Custom HIIT as custom', () => {
    expect(PACT_TEMPLATES.filter((t) => t.isCustom).map((t) => t.name)).toEqual(['Custom HIIT']);
  });
});

describe('sampleVideoFor', () => {
  it('maps exercise names in any spelling to a sample', () => {
    const cases: [string, string][] = [
      ['push-ups', 'push-ups'],
      ['Push Ups', 'push-ups'],
      ['pushup', 'push-ups'],
      ['squats', 'squats'],
      ['Jump Squat', 'squats'],
      ['plank', 'planks'],
      ['Side Planks', 'planks'],
      ['hiit-cardio', 'hiit'],
      ['hiit-strength', 'hiit'],
      ['tabata', 'hiit'],
      ['metabolic-hiit', 'hiit'],
      ['burpees', 'burpees'],
      ['jumping jacks', 'jumping-jacks'],
      ['Jumping-Jacks', 'jumping-jacks'],
      ['sit-ups', 'sit-ups'],
      ['SITUPS', 'sit-ups'],
      ['walking lunges', 'lunges'],
    ];
    for (const [input, key] of cases) expect(sampleVideoFor(input), input).toBe(key);
  });

  it('defaults to push-ups', () => {
    expect(sampleVideoFor('yoga')).toBe('push-ups');
    expect(sampleVideoFor('')).toBe('push-ups');
    expect(sampleVideoFor(null)).toBe('push-ups');
    expect(sampleVideoFor(undefined)).toBe('push-ups');
  });

  it('always answers one of the sample keys, and each key maps to itself', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(SAMPLE_EXERCISES).toContain(sampleVideoFor(name));
      }),
    );
    for (const key of SAMPLE_EXERCISES) expect(sampleVideoFor(key)).toBe(key);
  });
});

describe('AI trainer', () => {
  it('is the fixed virtual user `ai-trainer`', () => {
    expect(AI_TRAINER).toEqual({
      id: 'ai-trainer',
      firstName: 'AI',
      lastName: 'Trainer',
      username: 'ai-trainer',
    });
  });

  it('owns the five canned workouts', () => {
    expect(AI_TRAINER_WORKOUTS.map((w) => [sampleVideoFor(w.exerciseType), w.targetValue])).toEqual([
      ['push-ups', 20],
      ['squats', 30],
      ['planks', 60],
      ['jumping-jacks', 50],
      ['sit-ups', 25],
    ]);
    expect(AI_TRAINER_WORKOUTS.find((w) => w.key === 'plank')?.unit).toBe('seconds');
    expect(new Set(AI_TRAINER_WORKOUTS.map((w) => w.key)).size).toBe(5);
    for (const workout of AI_TRAINER_WORKOUTS) {
      expect(workout.title).not.toBe('');
      expect(workout.description.length).toBeGreaterThan(20);
      expect(workout.scheduleDays).toEqual(WEEKDAYS);
    }
  });
});
