import type { Challenge } from '@shared/api/pacts';

/** A bundled clip (/samples/<key>.mp4) has its still beside it (/samples/<key>.jpg). */
const SAMPLE_CLIP_RE = /^\/samples\/([a-z0-9-]+)\.(mp4|webm)$/;

/** The Pact's tutorial video, or null: a Pact without one shows its poster (PactPoster), never a stand-in clip. */
export function videoSourceFor(pact: Pick<Challenge, 'tutorialVideoUrl'>): string | null {
  return pact.tutorialVideoUrl || null;
}

/** The still shown before the tutorial plays: the Pact's thumbnail, else a bundled clip's own still. */
export function posterFor(pact: Pick<Challenge, 'tutorialVideoUrl' | 'thumbnailUrl'>): string | undefined {
  if (pact.thumbnailUrl) return pact.thumbnailUrl;
  const sample = pact.tutorialVideoUrl?.match(SAMPLE_CLIP_RE);
  return sample ? `/samples/${sample[1]}.jpg` : undefined;
}
