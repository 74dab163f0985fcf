import { mediaUrl } from '../../../shared/api/media';
import {
  type CreateChallengeBody,
  createChallengeBody,
  PACT_LIMITS,
  type UpdateChallengeBody,
} from '../../../shared/api/pacts';
import { CENTS_PER_DOLLAR } from '../../../shared/domain/limits';
import { PACT_TEMPLATES } from '../../../shared/domain/templates';
import { localDate } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { storageFor } from '../../platform/storage';
import * as parts from './participations-repo';
import type { Viewer } from './present';
import { getChallenge, PACT_NOT_FOUND } from './read-service';
import * as repo from './repo';
import * as writes from './write-repo';

/** Creating, editing and deleting Pacts (DECISIONS 4 and 8). */

declare module '../../platform/events' {
  interface DomainEvents {
    /** A Pact was deleted with its participations and proofs; progress recomputes its former members. */
    'pact.deleted': { pactId: number; creatorId: string; memberIds: string[] };
  }
}

const MEDIA_URL = /^\/media\/([A-Za-z0-9_-]+)$/;

export const LOCKED_TERMS_MESSAGE =
  'The exercise, target and duration are fixed once someone else has joined this Pact';

interface Tutorial {
  tutorialVideoUrl: string | null;
  tutorialMediaId: string | null;
}

/**
 * Resolves the tutorial video: an upload must be the caller's own (a Pact's media is deleted with the Pact, so
 * pointing at someone else's file must be impossible); a bundled sample is taken as is. Undefined: unchanged.
 */
async function resolveTutorial(
  db: Db,
  ownerId: string,
  input: { tutorialVideoUrl?: string | null; tutorialMediaId?: string | null },
): Promise<Tutorial | undefined> {
  if (input.tutorialMediaId === undefined && input.tutorialVideoUrl === undefined) return undefined;
  const mediaId = input.tutorialMediaId ?? MEDIA_URL.exec(input.tutorialVideoUrl ?? '')?.[1] ?? null;
  if (mediaId) {
    const owned = await writes.findOwnedMedia(db, ownerId, mediaId);
    if (owned?.kind !== 'tutorial' || owned.status !== 'ready') {
      throw badRequest('tutorialMediaId: is not a finished tutorial upload of yours');
    }
    return { tutorialVideoUrl: mediaUrl(mediaId), tutorialMediaId: mediaId };
  }
  return { tutorialVideoUrl: input.tutorialVideoUrl ?? null, tutorialMediaId: null };
}

/**
 * Creates a Pact for `creator` (the session user: any creatorId in the payload is ignored). The creator joins at
 * once. A Pro Pact also creates its team (the creator as coach) and makes the creator a Pro user, all in one
 * transaction. Also the entry point of the demo seeder (no HTTP needed).
 */
export async function createPact(
  ctx: AppContext,
  creator: Viewer,
  payload: CreateChallengeBody,
  now = new Date(),
) {
  const input = createChallengeBody.parse(payload);
  const template = PACT_TEMPLATES.find((t) => !t.isCustom && t.exerciseType === input.exerciseType);
  const description =
    input.description ||
    (input.isCustom ? `Custom ${input.exerciseType} challenge` : (template?.description ?? ''));
  const pactId = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const tutorial = (await resolveTutorial(tx, creator.id, input)) ?? {
      tutorialVideoUrl: null,
      tutorialMediaId: null,
    };
    let teamId: number | null = null;
    if (input.visibility === 'pro') {
      const dollars = input.monthlyPrice ?? PACT_LIMITS.priceDefault;
      teamId = await writes.insertTeam(tx, {
        name: input.teamName!,
        description: input.teamDescription!,
        coachId: creator.id,
        subscriptionPrice: Math.round(dollars * CENTS_PER_DOLLAR),
      });
      await writes.markProUser(tx, creator.id);
    }
    return writes.insertPactWithCreator(
      tx,
      {
        title: input.title,
        description,
        creatorId: creator.id,
        exerciseType: input.exerciseType,
        targetValue: input.targetValue,
        difficulty: input.difficulty ?? template?.difficulty ?? 'medium',
        workoutTime: input.workoutTime ?? null,
        scheduleDays: input.scheduleDays,
        totalDays: input.totalDays,
        visibility: input.visibility,
        proofMethod: input.proofMethod,
        isCustom: input.isCustom,
        teamId,
        ...tutorial,
      },
      localDate(now, creator.timeZone),
    );
  });
  return getChallenge(ctx, creator, pactId, now);
}

/** The Pact if `me` created it. Everyone else gets 404, also those who can see it: no 403 that confirms it. */
async function ownPact(db: Db, me: Viewer, pactId: number) {
  const row = await repo.findVisible(db, me.id, pactId);
  if (!row || row.pact.creatorId !== me.id) throw notFound(PACT_NOT_FOUND);
  return row.pact;
}

export async function updatePact(
  ctx: AppContext,
  me: Viewer,
  pactId: number,
  patch: UpdateChallengeBody,
  now = new Date(),
) {
  const pact = await ownPact(ctx.db, me, pactId);
  const changesTerms =
    (patch.exerciseType !== undefined && patch.exerciseType !== pact.exerciseType) ||
    (patch.targetValue !== undefined && patch.targetValue !== pact.targetValue) ||
    (patch.totalDays !== undefined && patch.totalDays !== pact.totalDays);
  if (changesTerms && (await parts.hasOtherMembers(ctx.db, pactId, me.id)))
    throw conflict(LOCKED_TERMS_MESSAGE);
  const tutorial = await resolveTutorial(ctx.db, me.id, patch);
  const { tutorialMediaId: _m, tutorialVideoUrl: _u, ...fields } = patch;
  await writes.updatePact(ctx.db, pactId, { ...fields, ...tutorial });
  const replaced =
    tutorial && pact.tutorialMediaId !== tutorial.tutorialMediaId ? pact.tutorialMediaId : null;
  if (replaced) await removeMedia(ctx, [replaced]);
  // Hiding takes the Pact from non-participants: its chat room re-checks who may stay.
  await ctx.events.emit('pact.updated', { pactId });
  return getChallenge(ctx, me, pactId, now);
}

/** Deletes the Pact with its participations, messages, proofs and their stored files. */
export async function deletePact(ctx: AppContext, me: Viewer, pactId: number) {
  await ownPact(ctx.db, me, pactId);
  const { mediaIds, memberIds } = await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const ids = await writes.mediaIdsOfPact(tx, pactId);
    const members = await writes.memberIdsOfPact(tx, pactId);
    await writes.deletePact(tx, pactId);
    return { mediaIds: ids, memberIds: members };
  });
  await ctx.events.emit('pact.deleted', { pactId, creatorId: me.id, memberIds });
  await removeMedia(ctx, mediaIds);
}

/**
 * Removes media rows and their stored bytes, except files another Pact still uses. Rows go first: a file left
 * behind by a failed byte delete is unreachable and harmless, a row without its file is not.
 */
export async function removeMedia(ctx: AppContext, mediaIds: string[]) {
  const stillUsed = await writes.mediaStillUsed(ctx.db, mediaIds);
  const gone = mediaIds.filter((id) => !stillUsed.has(id));
  if (gone.length === 0) return;
  await writes.deleteMediaRows(ctx.db, gone);
  const storage = storageFor(ctx);
  await Promise.all(gone.map((key) => storage.delete(key)));
}
