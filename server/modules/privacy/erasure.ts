import type { DataType } from '../../../shared/api/privacy';
import { AVATAR_MEDIA_KIND } from '../../../shared/domain/enums';
import type { Db } from '../../db/client';
import { eraseMessages, eraseMessagesOf } from '../chat/service';
import { eraseFriendsOf } from '../friends/service';
import { mediaOwnedByIn, removeMediaRows } from '../media/service';
import { eraseDirectMessagesOf } from '../messages/service';
import { type ErasedPacts, erasePactActivity, erasePactsCreatedBy } from '../pacts/bookkeeping';
import { eraseProofsOf } from '../proofs/service';
import { eraseBlocksOf } from '../safety/service';
import { eraseWaitlistOf } from '../teams/waitlist';
import { anonymiseProfile, deleteAccountRow } from '../users/service';

/** What one erasure removed that the world outside its transaction must hear about once it commits. */
export interface Erased {
  /** Files whose rows went (their bytes are deleted after the commit; a queued job retries failures). */
  mediaIds: string[];
  /** The whole account went: its sessions are gone, its sockets must close. */
  account: boolean;
  /** Pacts the account created, gone with it. */
  pacts: ErasedPacts['pacts'];
  /** The user's own proofs went: their progress figures must be recomputed. */
  workouts: boolean;
}

/**
 * Erases a user's data of the chosen types (DECISIONS 9, docs/PRIVACY.md) inside the caller's transaction, each
 * table through the module that owns it:
 * - profile: the profile's fields anonymised and the profile picture's file removed (the account stays);
 * - workouts: participations and proofs, with the proofs' messages and files;
 * - social: friendships and friend requests (either side), likes, blocks (either side);
 * - chat: every message the user wrote, direct messages too (proofs are workouts);
 * - media: every file the user owns (proofs keep their other fields, Pacts lose the tutorial).
 * A whole account goes with everything that references it: its own Pacts (with what others posted in them and
 * their files), its files, its waitlist entry, then the user row, whose foreign keys cascade to the rest.
 */
export async function eraseInTransaction(
  tx: Db,
  user: { id: string; email: string },
  types: readonly DataType[],
  wholeAccount: boolean,
): Promise<Erased> {
  if (wholeAccount) {
    const pacts = await erasePactsCreatedBy(tx, user.id);
    const mediaIds = unique([...pacts.mediaIds, ...(await mediaOwnedByIn(tx, user.id))]);
    // Participations and likes go here rather than by the account row's cascade, so others' Pacts recount them.
    await erasePactActivity(tx, user.id, { workouts: true, social: true, mediaIds });
    await removeMediaRows(tx, mediaIds);
    await eraseWaitlistOf(tx, user.id, user.email);
    await deleteAccountRow(tx, user.id);
    return { mediaIds, account: true, pacts: pacts.pacts, workouts: false };
  }
  const has = (type: DataType) => types.includes(type);
  const mediaIds: string[] = [];
  if (has('workouts')) {
    const proofs = await eraseProofsOf(tx, user.id);
    await eraseMessages(tx, proofs.messageIds);
    mediaIds.push(...proofs.mediaIds);
  }
  if (has('chat')) {
    await eraseMessagesOf(tx, user.id);
    await eraseDirectMessagesOf(tx, user.id);
  }
  if (has('social')) {
    await eraseFriendsOf(tx, user.id);
    await eraseBlocksOf(tx, user.id);
  }
  if (has('media')) mediaIds.push(...(await mediaOwnedByIn(tx, user.id)));
  if (has('profile')) {
    await anonymiseProfile(tx, user.id);
    mediaIds.push(...(await mediaOwnedByIn(tx, user.id, AVATAR_MEDIA_KIND)));
  }
  const files = unique(mediaIds);
  await erasePactActivity(tx, user.id, { workouts: has('workouts'), social: has('social'), mediaIds: files });
  await removeMediaRows(tx, files);
  return { mediaIds: files, account: false, pacts: [], workouts: has('workouts') };
}

const unique = <T>(values: T[]) => [...new Set(values)];
