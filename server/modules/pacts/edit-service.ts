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
import { PAID_TEAMS_OFF_MESSAGE } from '../../platform/billing';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { findOwnMedia, removeMedia } from '../media/service';
import type { SessionUser } from '../session/guard';
import { createTeam } from '../teams/service';
import { markProUser } from '../users/service';
import './events';
import * as parts from './participations-repo';
import { mayChangeTerms, mayManage } from './policy';
import { getPact, PACT_NOT_FOUND } from './read-service';
import * as repo from './repo';
import * as writes from './write-repo';

/** Creating, editing and deleting Pacts (docs/PACTS.md). */

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
  ctx: AppContext,
  ownerId: string,
  input: { tutorialVideoUrl?: string | null; tutorialMediaId?: string | null },
): Promise<Tutorial | undefined> {
  if (input.tutorialMediaId === undefined && input.tutorialVideoUrl === undefined) return undefined;
  const mediaId = input.tutorialMediaId ?? MEDIA_URL.exec(input.tutorialVideoUrl ?? '')?.[1] ?? null;
  if (mediaId) {
    const owned = await findOwnMedia(ctx, ownerId, mediaId);
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
 * transaction.
 */
export async function createPact(
  ctx: AppContext,
  creator: SessionUser,
  payload: CreateChallengeBody,
  now = new Date(),
) {
  const input = createChallengeBody.parse(payload);
  if (input.visibility === 'pro' && ctx.config.billingMode === 'off') throw conflict(PAID_TEAMS_OFF_MESSAGE);
  const template = PACT_TEMPLATES.find((t) => !t.isCustom && t.exerciseType === input.exerciseType);
  const description =
    input.description ||
    (input.isCustom ? `Custom ${input.exerciseType} challenge` : (template?.description ?? ''));
  const tutorial = (await resolveTutorial(ctx, creator.id, input)) ?? {
    tutorialVideoUrl: null,
    tutorialMediaId: null,
  };
  const pactId = await ctx.db.transaction(async (tx) => {
    let teamId: number | null = null;
    if (input.visibility === 'pro') {
      const dollars = input.monthlyPrice ?? PACT_LIMITS.priceDefault;
      teamId = await createTeam(tx, {
        name: input.teamName!,
        description: input.teamDescription!,
        coachId: creator.id,
        subscriptionPrice: Math.round(dollars * CENTS_PER_DOLLAR),
      });
      await markProUser(tx, creator.id);
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
  return getPact(ctx, creator, pactId, now);
}

/** The Pact if `me` created it. Everyone else gets 404, also those who can see it: no 403 that confirms it. */
async function ownPact(ctx: AppContext, me: SessionUser, pactId: number) {
  const row = await repo.findVisible(ctx.db, me.id, pactId);
  if (!row || !mayManage(me.id, row.pact)) throw notFound(PACT_NOT_FOUND);
  return row.pact;
}

export async function updatePact(
  ctx: AppContext,
  me: SessionUser,
  pactId: number,
  patch: UpdateChallengeBody,
  now = new Date(),
) {
  const pact = await ownPact(ctx, me, pactId);
  const changesTerms =
    (patch.exerciseType !== undefined && patch.exerciseType !== pact.exerciseType) ||
    (patch.targetValue !== undefined && patch.targetValue !== pact.targetValue) ||
    (patch.totalDays !== undefined && patch.totalDays !== pact.totalDays);
  const tutorial = await resolveTutorial(ctx, me.id, patch);
  const { tutorialMediaId: _m, tutorialVideoUrl: _u, ...fields } = patch;
  // The check and the write under one lock of the Pact's row: a join waits for it, or the check sees the member.
  await ctx.db.transaction(async (tx) => {
    if (changesTerms) {
      if (!mayChangeTerms(await parts.lockTerms(tx, pactId))) throw conflict(LOCKED_TERMS_MESSAGE);
    }
    await writes.updatePact(tx, pactId, { ...fields, ...tutorial });
  });
  const replaced =
    tutorial && pact.tutorialMediaId !== tutorial.tutorialMediaId ? pact.tutorialMediaId : null;
  if (replaced) await removeUnusedMedia(ctx, [replaced]);
  // Hiding takes the Pact from non-participants: its chat room re-checks who may stay.
  await ctx.events.emit('pact.updated', { pactId });
  return getPact(ctx, me, pactId, now);
}

/** Deletes the Pact with its participations, messages, proofs and their stored files. */
export async function deletePact(ctx: AppContext, me: SessionUser, pactId: number) {
  await ownPact(ctx, me, pactId);
  const { mediaIds, memberIds } = await ctx.db.transaction(async (tx) => {
    const ids = await writes.mediaIdsOfPact(tx, pactId);
    const members = await writes.memberIdsOfPact(tx, pactId);
    await writes.deletePact(tx, pactId);
    return { mediaIds: ids, memberIds: members };
  });
  await ctx.events.emit('pact.deleted', { pactId, creatorId: me.id, memberIds });
  await removeUnusedMedia(ctx, mediaIds);
}

/** Removes media the Pact no longer uses, except files another Pact still uses (a tutorial may be reused). */
async function removeUnusedMedia(ctx: AppContext, mediaIds: string[]) {
  const stillUsed = await repo.mediaStillUsed(ctx.db, mediaIds);
  await removeMedia(
    ctx,
    mediaIds.filter((id) => !stillUsed.has(id)),
  );
}
