import type { Challenge } from '@shared/api/pacts';
import { sampleVideoFor } from '@shared/domain/templates';

/** The tutorial video, else the bundled sample for the exercise (push-ups by default). */
export function videoSourceFor(pact: Pick<Challenge, 'tutorialVideoUrl' | 'exerciseType'>): string {
  return pact.tutorialVideoUrl || `/samples/${sampleVideoFor(pact.exerciseType)}.mp4`;
}

/** The Pact's thumbnail, else the sample's poster when the sample video is used. */
export function posterFor(
  pact: Pick<Challenge, 'tutorialVideoUrl' | 'exerciseType' | 'thumbnailUrl'>,
): string | undefined {
  if (pact.thumbnailUrl) return pact.thumbnailUrl;
  return pact.tutorialVideoUrl ? undefined : `/samples/${sampleVideoFor(pact.exerciseType)}.jpg`;
}
