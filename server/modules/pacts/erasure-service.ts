import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import './events';
import * as writes from './write-repo';

/** What the privacy module's erasure asks of Pacts (through bookkeeping.ts), inside its transaction. */

/** What erasing a user's own Pacts took away: the Pacts (with who was in them) and every file they held. */
export interface ErasedPacts {
  pacts: { pactId: number; memberIds: string[] }[];
  mediaIds: string[];
}

/**
 * Erasure of a whole account (privacy module), inside its transaction: the Pacts the user created go, with their
 * participations, chat and proofs, as when the creator deletes one. Answers their files for the erasure to remove.
 */
export async function erasePactsCreatedBy(tx: Db, userId: string): Promise<ErasedPacts> {
  const erased: ErasedPacts = { pacts: [], mediaIds: [] };
  for (const pactId of await writes.pactIdsCreatedBy(tx, userId)) {
    erased.mediaIds.push(...(await writes.mediaIdsOfPact(tx, pactId)));
    erased.pacts.push({ pactId, memberIds: await writes.memberIdsOfPact(tx, pactId) });
    await writes.deletePact(tx, pactId);
  }
  erased.mediaIds = [...new Set(erased.mediaIds)];
  return erased;
}

/** After the erasure committed: the rooms and progress of the erased Pacts follow, as for a deletion. */
export async function announceErasedPacts(ctx: AppContext, creatorId: string, erased: ErasedPacts) {
  for (const { pactId, memberIds } of erased.pacts) {
    await ctx.events.emit('pact.deleted', { pactId, creatorId, memberIds });
  }
}

/**
 * Erasure by type (privacy module), inside its transaction: workouts takes the user's participations, social their
 * likes; files being erased stop being any Pact's tutorial. Answers the Pacts the user left.
 */
export async function erasePactActivity(
  tx: Db,
  userId: string,
  what: { workouts: boolean; social: boolean; mediaIds: readonly string[] },
): Promise<number[]> {
  const left = what.workouts ? await writes.deleteParticipationsOf(tx, userId) : [];
  const liked = what.social ? await writes.deleteLikesOf(tx, userId) : [];
  // The Pacts' stored counts follow the rows that went (a member fewer, a like fewer).
  await writes.recountPacts(tx, [...left, ...liked]);
  await writes.clearTutorialMedia(tx, what.mediaIds);
  return left;
}
