import {
  allowedTypesFor,
  isImageKind,
  MEDIA_LIMITS,
  type MediaDescriptor,
  type MediaKind,
  maxBytesFor,
  mediaUrl,
  uploadMetadata,
} from '../../../shared/api/media';
import { IMAGE_MESSAGES, type ImageUploadType, isAnimatedImage } from '../../../shared/domain/images';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { isStorageKey, type Storage, sha256OfStored } from '../../platform/storage';
import type { SessionUser } from '../session/guard';
import { readDurationSeconds } from './duration';
import { dropUploadHash, takeUploadHash } from './hashing-store';
import { canPlayMedia, mayAttach, ownsFile } from './policy';
import { checkUploadQuota } from './quota';
import type { MediaRow } from './repo';
import * as repo from './repo';
import { baseMimeType, SNIFF_BYTES, type SniffedType, sniffContentType } from './sniff';

export { deleteMediaBytesNow, removeMedia, removeMediaRows } from './remove';
export type { MediaRow } from './repo';

/** What the media rules need besides the database: the bytes, and a way to drop an upload's bytes. */
export interface MediaEnv {
  ctx: AppContext;
  storage: Storage;
  /** Deletes an upload's bytes and its tus bookkeeping, finished or not. */
  removeBytes(id: string): Promise<void>;
}

const MEDIA_NOT_FOUND = 'Media not found';

/** Validates tus creation metadata and records the upload as 'uploading' for its owner. */
export async function startUpload(
  env: MediaEnv,
  user: SessionUser,
  upload: { id: string; size: number | undefined; metadata: Record<string, string | null> | undefined },
) {
  const parsed = uploadMetadata.safeParse(upload.metadata ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      `Upload metadata ${issue?.path.join('.') || ''}: ${issue?.message ?? 'is invalid'}`.trim(),
    );
  }
  const { kind, filetype } = parsed.data;
  const contentType = baseMimeType(filetype);
  if (!allowedTypesFor(kind).includes(contentType)) {
    throw new AppError(
      415,
      isImageKind(kind) ? IMAGE_MESSAGES.notImage : `A ${kind} must be ${allowedTypesFor(kind).join(' or ')}`,
      'unsupported_type',
    );
  }
  if (upload.size === undefined) throw badRequest('Upload-Length is required');
  if (upload.size > maxBytesFor(kind)) {
    throw new AppError(
      413,
      isImageKind(kind) ? IMAGE_MESSAGES.tooLarge : `A ${kind} may be at most ${maxBytesFor(kind)} bytes`,
      'too_large',
    );
  }
  const size = upload.size;
  await env.ctx.db.transaction(async (tx) => {
    await repo.lockUploader(tx, user.id);
    await checkUploadQuota(tx, user.id, size);
    await repo.insertUpload(tx, { id: upload.id, ownerId: user.id, kind, contentType, sizeBytes: size });
  });
}

/** The caller's own upload, whatever its state; anyone else's (or none) is a 404. */
export async function findOwnUpload(ctx: AppContext, user: SessionUser, id: string): Promise<MediaRow> {
  const row = isStorageKey(id) ? await repo.findMedia(ctx.db, id) : null;
  if (!row || !ownsFile(user.id, row)) throw notFound('Upload not found');
  return row;
}

/**
 * The real type from the stored head must be the declared one and allowed for the kind; otherwise the upload
 * is rejected (bytes deleted) and this throws 415.
 */
async function verifyHead(env: MediaEnv, row: MediaRow): Promise<SniffedType> {
  const head = await env.storage.read(row.id, { start: 0, end: SNIFF_BYTES - 1 });
  const actual = sniffContentType(head);
  if (actual && actual === row.contentType && allowedTypesFor(row.kind).includes(actual)) return actual;
  await rejectUpload(env, row.id);
  throw new AppError(
    415,
    isImageKind(row.kind)
      ? IMAGE_MESSAGES.notImage
      : `The file is not a valid ${row.contentType} (only webm or mp4 videos and JPEG thumbnails)`,
    'unsupported_type',
  );
}

/**
 * Before each further PATCH: once the head of the file has arrived, check it, so a file that lies about its
 * type is refused after its first chunk instead of after 200 MB. (S3 parts are not readable yet: skipped.)
 */
export async function checkUploadSoFar(env: MediaEnv, row: MediaRow): Promise<void> {
  if (row.status !== 'uploading') return;
  const stat = await env.storage.stat(row.id);
  if (!stat || stat.size < SNIFF_BYTES) return;
  await verifyHead(env, row);
}

/**
 * Runs after the last byte arrived: the bytes must be the declared type and allowed for the kind, and a
 * video at most 10 minutes long when its container says. Anything else is rejected and its bytes deleted.
 */
export async function completeUpload(env: MediaEnv, user: SessionUser, id: string): Promise<MediaDescriptor> {
  const row = await findOwnUpload(env.ctx, user, id);
  if (row.status === 'ready') return describeMedia(row);
  if (row.status !== 'uploading') throw notFound('Upload not found');
  const stat = await env.storage.stat(id);
  if (!stat) throw notFound('Upload not found');
  const actual = await verifyHead(env, row);
  let durationSeconds: number | null = null;
  if (isImageKind(row.kind)) {
    // A still image only: the whole file (5 MB at most) is read for an animation chunk.
    const file = await env.storage.read(id, { start: 0, end: stat.size - 1 });
    if (isAnimatedImage(actual as ImageUploadType, file)) {
      await rejectUpload(env, id);
      throw new AppError(422, IMAGE_MESSAGES.animated, 'animated');
    }
  } else if (actual === 'video/webm' || actual === 'video/mp4') {
    const seconds = await readDurationSeconds(actual, stat.size, (start, end) =>
      env.storage.read(id, { start, end }),
    );
    if (seconds !== null && seconds > MEDIA_LIMITS.maxVideoSeconds) {
      await rejectUpload(env, id);
      throw new AppError(422, 'A video may be at most 10 minutes long', 'too_long');
    }
    durationSeconds = seconds === null ? null : Math.round(seconds);
  }
  // A proof video's hash (the same bytes are never proof twice): streamed as it was written, else read once here.
  const streamed = takeUploadHash(id, stat.size);
  const sha256 = streamed ?? (row.kind === 'proof' ? await sha256OfStored(env.storage, id) : null);
  const patch = { contentType: actual, sizeBytes: stat.size, durationSeconds, sha256 };
  if (!(await repo.markReady(env.ctx.db, id, patch))) throw notFound('Upload not found');
  return describeMedia({ ...row, ...patch, status: 'ready' });
}

async function rejectUpload(env: MediaEnv, id: string) {
  dropUploadHash(id);
  await repo.markRejected(env.ctx.db, id);
  await env.removeBytes(id);
}

/** Whether `me` may play `row` (media/policy.ts); the attachment is looked up only when it decides. */
export async function canViewMedia(ctx: AppContext, me: SessionUser | null, row: MediaRow): Promise<boolean> {
  const isReady = row.status === 'ready';
  const isOwner = me !== null && ownsFile(me.id, row);
  const attachedVisible =
    isReady && !isOwner && me !== null ? await repo.attachedVisible(ctx.db, me.id, row.id) : false;
  return canPlayMedia({ isReady, isOwner, attachedVisible });
}

/** A ready file `me` may play, or 404 (also for files that exist but are not theirs to see). */
export async function getPlayableMedia(
  ctx: AppContext,
  me: SessionUser | null,
  id: string,
): Promise<MediaRow> {
  const row = isStorageKey(id) ? await repo.findMedia(ctx.db, id) : null;
  if (!row || !(await canViewMedia(ctx, me, row))) throw notFound(MEDIA_NOT_FOUND);
  return row;
}

/**
 * For other domains attaching media (a proof's video, a Pact's tutorial): the caller's own ready file of one
 * of `kinds`, or a 400 naming the problem.
 */
export async function getOwnReadyMedia(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  kinds: readonly MediaKind[],
): Promise<MediaRow> {
  const row = isStorageKey(id) ? await repo.findMedia(ctx.db, id) : null;
  if (!row || !mayAttach(user.id, row)) throw badRequest('Media is not a finished upload of yours');
  if (!kinds.includes(row.kind as MediaKind)) throw badRequest(`Media must be a ${kinds.join(' or ')}`);
  return row;
}

export function describeMedia(row: MediaRow): MediaDescriptor {
  return {
    id: row.id,
    kind: row.kind as MediaKind,
    url: mediaUrl(row.id),
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    durationSeconds: row.durationSeconds,
  };
}

/** The owner's file (any state), or undefined: for a domain that checks the kind and state itself. */
export async function findOwnMedia(ctx: AppContext, ownerId: string, id: string) {
  const row = isStorageKey(id) ? await repo.findMedia(ctx.db, id) : null;
  return row && ownsFile(ownerId, row) ? row : undefined;
}

/** Records files already stored (the demo sandbox's sample clips) as ready media of their owners. */
export async function storeReadyMedia(ctx: AppContext, rows: repo.StoredFile[]) {
  await repo.insertReady(ctx.db, rows);
}

/** Ids of every file these users own (to remove them before their accounts go). */
export function mediaOwnedBy(ctx: AppContext, ownerIds: string[]): Promise<string[]> {
  return repo.idsOwnedBy(ctx.db, ownerIds);
}

/** Erasure (privacy module): every file the user owns (or those of one kind), read inside its transaction. */
export function mediaOwnedByIn(tx: Db, ownerId: string, kind?: MediaRow['kind']): Promise<string[]> {
  return repo.idsOwnedBy(tx, [ownerId], kind);
}
export { type ExportedFile, ownFilesForExport } from './export';
