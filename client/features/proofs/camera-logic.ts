import {
  CAMERA_IDEAL_HEIGHT,
  CAMERA_IDEAL_WIDTH,
  CAMERA_MIN_HEIGHT,
  CAMERA_MIN_WIDTH,
  CAMERA_PLAY_RETRIES,
  CAMERA_PLAY_RETRY_STEP_MS,
  THUMBNAIL_CAPTURE_SECONDS,
} from '@shared/domain/limits';

/** Front camera with sound, ideal 720x1280, at least 480x640. */
export const PROOF_CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: {
    facingMode: 'user',
    width: { ideal: CAMERA_IDEAL_WIDTH, min: CAMERA_MIN_WIDTH },
    height: { ideal: CAMERA_IDEAL_HEIGHT, min: CAMERA_MIN_HEIGHT },
  },
  audio: true,
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts playback of the live preview. Mobile browsers sometimes refuse the first play() right after the stream is
 * attached, so it is retried up to 3 times, waiting 100 ms more before each retry (100, 200, 300 ms).
 * Resolves true once playing, false when every try failed.
 */
export async function playWithRetry(
  video: { play(): Promise<void> },
  retries = CAMERA_PLAY_RETRIES,
  stepMs = CAMERA_PLAY_RETRY_STEP_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<boolean> {
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await wait(stepMs * attempt);
    try {
      await video.play();
      return true;
    } catch {
      // Try again after the next step.
    }
  }
  return false;
}

/** Where the thumbnail is taken: at 1 s, or halfway through a shorter clip (duration unknown: 1 s). */
export function thumbnailTime(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return THUMBNAIL_CAPTURE_SECONDS;
  return duration > THUMBNAIL_CAPTURE_SECONDS ? THUMBNAIL_CAPTURE_SECONDS : duration / 2;
}

/** Whole seconds recorded, for 'Stop (n s)'. */
export function elapsedSeconds(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

/** Upload progress over several files, 0..1, weighted by size. */
export function combinedProgress(parts: readonly { sent: number; total: number }[]): number {
  const total = parts.reduce((sum, p) => sum + p.total, 0);
  if (total <= 0) return 0;
  const sent = parts.reduce((sum, p) => sum + Math.min(p.sent, p.total), 0);
  return sent / total;
}

/** The /live timer: 'm:ss', hours when it ever gets there. */
export function formatTimer(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
