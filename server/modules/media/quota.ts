import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './repo';

/** Per user: uploads started and not finished at once, and bytes of media kept (finished, plus started at their declared size). */
export const UPLOAD_QUOTA = {
  maxUnfinished: 5,
  maxStoredBytes: 2 * 1024 ** 3,
} as const;

const mb = (bytes: number) => `${Math.ceil(bytes / 1024 ** 2)} MB`;

/**
 * Refuses a new upload of `size` bytes beyond the quota: 429 for too many unfinished uploads, 413 for storage.
 * Run inside the transaction that records the upload, after `repo.lockUploader`, so two parallel creations cannot
 * both squeeze under the limit.
 */
export async function checkUploadQuota(tx: Db, ownerId: string, size: number) {
  const { unfinished, bytes } = await repo.uploadUsage(tx, ownerId);
  if (unfinished >= UPLOAD_QUOTA.maxUnfinished) {
    throw new AppError(
      429,
      `You already have ${UPLOAD_QUOTA.maxUnfinished} unfinished uploads. Finish or cancel one before starting another (unfinished uploads are removed after 24 hours).`,
      'too_many_uploads',
    );
  }
  if (bytes + size > UPLOAD_QUOTA.maxStoredBytes) {
    throw new AppError(
      413,
      `Your videos and pictures may take at most 2 GB; you use ${mb(bytes)} and this upload needs ${mb(size)}.`,
      'storage_quota',
    );
  }
}
