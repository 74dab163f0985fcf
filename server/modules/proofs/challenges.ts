import { randomInt } from 'node:crypto';
import type { ProofChallenge } from '../../../shared/api/proofs';
import { codeWordFrom } from '../../../shared/domain/code-words';
import { PROOF_CHALLENGE_TTL_MS } from '../../../shared/domain/limits';
import { type NotCountedReason, recordingDay } from '../../../shared/domain/proof-day';
import { localDate, type Weekday } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { readablePact } from '../chat/service';
import type { PactRow } from '../pacts/access';
import type { SessionUser } from '../session/guard';
import * as repo from './challenge-repo';
import { JOIN_TO_PROVE_MESSAGE, mayPostProof } from './policy';

/**
 * Code words (docs/RULES.md "A code word per recording"): issued when a recording starts, said or shown in the
 * video, checked when the proof is posted. The day a recording counts for is decided here, on the server clock at
 * issue, in the member's stored time zone (shared/domain/proof-day.ts).
 */

export const CODE_WORD_NOT_YOURS = 'This code word is not yours for this Pact: start the recording again';
export const CODE_WORD_USED = 'This code word was already used by another proof: start a new recording';
export const CODE_WORD_EXPIRED = 'This code word expired (15 minutes): start a new recording';
export const CODE_WORD_TOO_LATE =
  'This video was uploaded before its code word was issued: start a new recording';

/** POST /api/challenges/:id/proof-challenge. */
export async function issueCodeWord(
  ctx: AppContext,
  me: SessionUser,
  pactId: number,
  now = new Date(),
): Promise<ProofChallenge> {
  const pact = await readablePact(ctx, me, pactId);
  if (!mayPostProof(pact.myStatus)) throw forbidden(JOIN_TO_PROVE_MESSAGE);
  const { day, notCounted } = await countingDay(ctx.db, me, pact, now);
  const code = codeWordFrom([randomInt(1 << 30), randomInt(1 << 30), randomInt(1 << 30)]);
  const row = await repo.insertChallenge(ctx.db, {
    userId: me.id,
    pactId,
    code,
    countsFor: notCounted ? null : day,
    expiresAt: new Date(now.getTime() + PROOF_CHALLENGE_TTL_MS),
  });
  return {
    id: row.id,
    code,
    expiresAt: row.expiresAt.toISOString(),
    day,
    counts: notCounted === null,
    notCounted,
  };
}

/** The day a recording started at `at` is for, and why it will not count (null: it counts). */
async function countingDay(
  db: Db,
  me: SessionUser,
  pact: PactRow,
  at: Date,
): Promise<{ day: string; notCounted: NotCountedReason | null }> {
  const recording = recordingDay(
    {
      workoutTime: pact.pact.workoutTime,
      scheduleDays: pact.pact.scheduleDays as Weekday[],
      totalDays: pact.pact.totalDays,
      startDay: pact.myStartDay ?? localDate(at, me.timeZone),
    },
    at,
    me.timeZone,
  );
  if (!recording.counts) return { day: recording.day, notCounted: recording.reason };
  if (await repo.dayCounted(db, me.id, pact.pact.id, recording.day))
    return { day: recording.day, notCounted: 'already_counted' };
  return { day: recording.day, notCounted: null };
}

/**
 * The code word a proof carries, checked before anything is stored: the caller's, for this Pact, unused, and the
 * video's upload started after it was issued and before it expired (a proof posted later, from a phone that was
 * offline, still counts by when its upload began). Used up in the proof's transaction (spendCodeWord).
 */
export async function checkCodeWord(
  ctx: AppContext,
  me: SessionUser,
  pactId: number,
  codeWordId: number,
  videoUploadStarted: Date,
): Promise<repo.ChallengeRow> {
  const row = await repo.findChallenge(ctx.db, codeWordId);
  if (!row || row.userId !== me.id || row.pactId !== pactId) throw badRequest(CODE_WORD_NOT_YOURS);
  if (row.usedAt) throw conflict(CODE_WORD_USED);
  if (videoUploadStarted.getTime() > row.expiresAt.getTime()) throw badRequest(CODE_WORD_EXPIRED);
  if (videoUploadStarted.getTime() < row.createdAt.getTime()) throw badRequest(CODE_WORD_TOO_LATE);
  return row;
}

/**
 * In the proof's transaction: uses the code word up (409 when a racing proof took it) and answers the day the proof
 * is for and whether it counts (its code word's day, unless a proof counted for that day meanwhile).
 */
export async function spendCodeWord(
  tx: Db,
  me: SessionUser,
  challenge: repo.ChallengeRow,
  now: Date,
): Promise<{ recordedDay: string; counts: boolean }> {
  if (!(await repo.spendChallenge(tx, challenge.id, now))) throw conflict(CODE_WORD_USED);
  if (!challenge.countsFor)
    return { recordedDay: localDate(challenge.createdAt, me.timeZone), counts: false };
  const taken = await repo.dayCounted(tx, me.id, challenge.pactId, challenge.countsFor);
  return { recordedDay: challenge.countsFor, counts: !taken };
}
