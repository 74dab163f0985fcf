import { describe, expect, it, vi } from 'vitest';
import {
  combinedProgress,
  elapsedSeconds,
  formatTimer,
  PROOF_CAMERA_CONSTRAINTS,
  playWithRetry,
  thumbnailTime,
} from './camera-logic';

describe('proof camera', () => {
  it('asks for the front camera with sound at 720x1280, at least 480x640', () => {
    expect(PROOF_CAMERA_CONSTRAINTS).toEqual({
      video: { facingMode: 'user', width: { ideal: 720, min: 480 }, height: { ideal: 1280, min: 640 } },
      audio: true,
    });
  });

  it('retries play() up to 3 times in 100 ms steps', async () => {
    const waits: number[] = [];
    const play = vi.fn().mockRejectedValueOnce(new Error('no')).mockRejectedValueOnce(new Error('no'));
    play.mockResolvedValue(undefined);
    const ok = await playWithRetry({ play }, 3, 100, async (ms) => void waits.push(ms));
    expect(ok).toBe(true);
    expect(play).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after the third retry', async () => {
    const waits: number[] = [];
    const play = vi.fn().mockRejectedValue(new Error('NotAllowedError'));
    const ok = await playWithRetry({ play }, 3, 100, async (ms) => void waits.push(ms));
    expect(ok).toBe(false);
    expect(play).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([100, 200, 300]);
  });

  it('takes the thumbnail at 1 s, or mid-clip when shorter', () => {
    expect(thumbnailTime(12)).toBe(1);
    expect(thumbnailTime(0.6)).toBeCloseTo(0.3);
    // MediaRecorder webm often reports no duration.
    expect(thumbnailTime(Number.POSITIVE_INFINITY)).toBe(1);
    expect(thumbnailTime(Number.NaN)).toBe(1);
  });

  it('counts whole seconds for the Stop button', () => {
    expect(elapsedSeconds(1000, 1999)).toBe(0);
    expect(elapsedSeconds(1000, 4100)).toBe(3);
    expect(elapsedSeconds(5000, 1000)).toBe(0);
  });

  it('weights upload progress by size', () => {
    expect(combinedProgress([])).toBe(0);
    expect(
      combinedProgress([
        { sent: 50, total: 100 },
        { sent: 0, total: 100 },
      ]),
    ).toBe(0.25);
    expect(combinedProgress([{ sent: 150, total: 100 }])).toBe(1);
  });
});

describe('live timer', () => {
  it('reads m:ss, then h:mm:ss', () => {
    expect(formatTimer(0)).toBe('0:00');
    expect(formatTimer(9.7)).toBe('0:09');
    expect(formatTimer(75)).toBe('1:15');
    expect(formatTimer(3725)).toBe('1:02:05');
    expect(formatTimer(-4)).toBe('0:00');
  });
});
