import { describe, expect, it } from 'vitest';
import { posterFor, videoSourceFor } from '../pacts/pact-media';
import {
  creatorName,
  durationDays,
  durationLabel,
  priceLabel,
  shouldLoadMore,
  workoutTimeLabel,
} from './feed';

describe('feed presentation', () => {
  it("shows 'FREE' for 0 and a dollar amount otherwise", () => {
    expect(priceLabel(0)).toBe('FREE');
    expect(priceLabel(null)).toBe('FREE');
    expect(priceLabel(29)).toBe('$29');
    expect(priceLabel(12.5)).toBe('$12.50');
  });

  it('falls back from duration to totalDays to 7', () => {
    expect(durationDays({ duration: 21, totalDays: 30 })).toBe(21);
    expect(durationDays({ duration: 0, totalDays: 30 })).toBe(30);
    expect(durationDays({ duration: 0, totalDays: 0 })).toBe(7);
    expect(durationLabel({ duration: 14, totalDays: 14 })).toBe('14 days');
    expect(durationLabel({ duration: 1, totalDays: 1 })).toBe('1 day');
  });

  it('formats the workout time as h:mm AM/PM', () => {
    expect(workoutTimeLabel('07:30')).toBe('7:30 AM');
    expect(workoutTimeLabel('20:05')).toBe('8:05 PM');
    expect(workoutTimeLabel(null)).toBe('All day');
  });

  it('uses the tutorial video with its still, and no stand-in video without one', () => {
    expect(videoSourceFor({ tutorialVideoUrl: '/media/abc' })).toBe('/media/abc');
    expect(videoSourceFor({ tutorialVideoUrl: null })).toBeNull();
    expect(posterFor({ tutorialVideoUrl: null, thumbnailUrl: null })).toBeUndefined();
    expect(posterFor({ tutorialVideoUrl: '/samples/planks.mp4', thumbnailUrl: null })).toBe(
      '/samples/planks.jpg',
    );
    expect(posterFor({ tutorialVideoUrl: '/media/x', thumbnailUrl: null })).toBeUndefined();
    expect(posterFor({ tutorialVideoUrl: '/media/x', thumbnailUrl: '/media/t' })).toBe('/media/t');
  });

  it('names the creator by first name, else username', () => {
    const creator = { id: 'u', firstName: ' ', username: 'sam', profileImageUrl: null };
    expect(creatorName({ creator })).toBe('sam');
    expect(creatorName({ creator: { ...creator, firstName: 'Sam' } })).toBe('Sam');
  });

  it('loads the next page when one of the last three slides shows', () => {
    expect(shouldLoadMore(6, 10, true)).toBe(false);
    expect(shouldLoadMore(7, 10, true)).toBe(true);
    expect(shouldLoadMore(9, 10, false)).toBe(false);
    expect(shouldLoadMore(0, 0, true)).toBe(false);
    expect(shouldLoadMore(0, 2, true)).toBe(true);
  });
});
