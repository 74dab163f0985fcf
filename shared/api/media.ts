import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '../domain/images';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_DURATION_SECONDS } from '../domain/limits';
import { type SampleExercise, sampleVideoFor } from '../domain/templates';
import { stringId } from './ids';
import { paths } from './paths';
import { text } from './text';

/** Where tus uploads go (POST to create; HEAD, PATCH, DELETE on `${UPLOADS_PATH}/<id>`). */
export const UPLOADS_PATH = paths.media.uploadCreate.path;

/** Uploadable kinds: videos, their thumbnails, and still images (a profile photo, a team image). */
export const MEDIA_KINDS = ['tutorial', 'proof', 'thumbnail', 'avatar', 'team_image'] as const;
export const IMAGE_KINDS = ['avatar', 'team_image'] as const;
export const isImageKind = (kind: string): boolean => (IMAGE_KINDS as readonly string[]).includes(kind);
export const mediaKind = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof mediaKind>;

export const VIDEO_TYPES = ['video/webm', 'video/mp4'] as const;
export const IMAGE_TYPES = ['image/jpeg'] as const;

/** Upload limits (docs/MEDIA.md); the video ones come from shared/domain/limits.ts. */
export const MEDIA_LIMITS = {
  maxVideoBytes: UPLOAD_MAX_BYTES,
  maxVideoSeconds: UPLOAD_MAX_DURATION_SECONDS,
  /** A JPEG frame captured in the browser is far below this. */
  maxThumbnailBytes: 5 * 1024 * 1024,
} as const;

/** The content types a kind may be; checked against the file's bytes when the upload completes. */
export function allowedTypesFor(kind: MediaKind): readonly string[] {
  if (isImageKind(kind)) return IMAGE_UPLOAD_TYPES;
  return kind === 'thumbnail' ? IMAGE_TYPES : VIDEO_TYPES;
}

export function maxBytesFor(kind: MediaKind): number {
  if (isImageKind(kind)) return IMAGE_MAX_BYTES;
  return kind === 'thumbnail' ? MEDIA_LIMITS.maxThumbnailBytes : MEDIA_LIMITS.maxVideoBytes;
}

/**
 * tus Upload-Metadata the client sends on creation. `filetype` may carry codec parameters
 * (`video/webm;codecs=vp8,opus`, as MediaRecorder reports it). Nothing here names the stored file.
 */
export const uploadMetadata = z.strictObject({
  kind: mediaKind,
  filetype: text(100),
});
export type UploadMetadata = z.infer<typeof uploadMetadata>;

export const mediaIdParams = z.strictObject({ id: stringId('media') });

/** A playable media file as clients see it. */
export const mediaDescriptor = z.object({
  id: z.string(),
  kind: mediaKind,
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** Null when the container does not say (MediaRecorder webm). */
  durationSeconds: z.number().int().nonnegative().nullable(),
});
export type MediaDescriptor = z.infer<typeof mediaDescriptor>;

export function mediaUrl(id: string): string {
  return `/media/${encodeURIComponent(id)}`;
}

/** The media id at the end of a tus upload URL (`/api/uploads/<id>` or absolute). */
export function mediaIdFromUploadUrl(url: string): string {
  const last = new URL(url, 'http://x').pathname.split('/').filter(Boolean).pop();
  if (!last) throw new Error(`No media id in upload URL ${url}`);
  return decodeURIComponent(last);
}

/** Bundled sample clips (scripts/make-sample-videos.mjs writes them to client/public/samples). */
export const SAMPLE_VIDEO_EXTENSION = 'mp4';

/** The sample clip for a sample key (`push-ups`) or any exercise type (`Push Ups`, `tabata`). */
export function sampleVideoUrl(keyOrExercise: SampleExercise | string): string {
  return `/samples/${sampleVideoFor(keyOrExercise)}.${SAMPLE_VIDEO_EXTENSION}`;
}

export function samplePosterUrl(keyOrExercise: SampleExercise | string): string {
  return `/samples/${sampleVideoFor(keyOrExercise)}.jpg`;
}
