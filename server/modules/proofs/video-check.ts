import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict } from '../../platform/errors';
import { defineJob } from '../../platform/jobs';
import { storageFor } from '../../platform/storage';
import { bandsOf, fingerprintOf, LOOKALIKE_MAX_BITS, lookalikeDistance, sha256Of } from './fingerprint';
import * as repo from './video-repo';

/**
 * A video proves one workout (docs/RULES.md): the same bytes are refused as proof a second time, by anyone; a
 * video that looks like an earlier proof's (frames fingerprinted on the server, after the answer, by the
 * `proofs.fingerprint` job) is marked for the approvers with the earlier one to compare.
 */

/** The date as the person reads it, in their time zone ("Mar 9, 2026"). */
export const dateFor = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(at);

export const reusedVideoMessage = (at: Date, timeZone: string) =>
  `This video was already sent as proof on ${dateFor(at, timeZone)}`;

/**
 * The SHA-256 of a proof video's stored bytes (computed as the upload was written; read here only for a file
 * finished before that); 409 when an earlier proof had the same bytes.
 */
export async function refuseReusedBytes(
  ctx: AppContext,
  video: { id: string; sha256: string | null },
  timeZone: string,
): Promise<string> {
  const sha256 = video.sha256 ?? (await sha256Of(storageFor(ctx), video.id));
  const earlier = await repo.findBySha256(ctx.db, sha256);
  if (earlier) throw conflict(reusedVideoMessage(earlier.createdAt, timeZone));
  return sha256;
}

/** True when `err` is the unique index on proofs' video hash refusing a racing twin. */
export function isSameBytesRace(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (
    e.code === '23505' &&
    (e.constraint === 'proofs_video_sha256_unique' || /video_sha256/.test(e.message ?? ''))
  )
    return true;
  return e.cause !== undefined && isSameBytesRace(e.cause);
}

/** In the proof's transaction: the fingerprint is computed after the answer, durably (retried on failure). */
export function fingerprintLater(tx: Db, proofId: number) {
  return fingerprintJob.enqueue(tx, { proofId });
}

export const fingerprintJob = defineJob<{ proofId: number }>({
  name: 'proofs.fingerprint',
  maxAttempts: 5,
  parse: (raw) => ({ proofId: Number((raw as { proofId?: unknown }).proofId) }),
  handler: async (ctx, { proofId }, run) => {
    const proof = await repo.videoOf(ctx.db, proofId);
    if (!proof?.videoMediaId || proof.fingerprint) return;
    const fingerprint = await fingerprintOf(storageFor(ctx), proof.videoMediaId, run.log);
    if (!fingerprint) return;
    const bands = bandsOf(fingerprint);
    // The closest match names its own original when it is itself a copy: approvers see the first
    // video, whichever re-encoding of it came nearest.
    let best: { id: number; distance: number } | null = null;
    for (const candidate of await repo.lookalikeCandidates(ctx.db, proofId, bands)) {
      const distance = lookalikeDistance(fingerprint, candidate.fingerprint);
      if (distance === null || distance > LOOKALIKE_MAX_BITS) continue;
      const original = candidate.nearDuplicateOfId ?? candidate.id;
      if (!best || distance < best.distance) best = { id: original, distance };
    }
    await repo.saveFingerprint(ctx.db, proofId, fingerprint, bands, best?.id ?? null);
  },
});
