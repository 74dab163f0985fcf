import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, friendships, media, pacts, participations, proofs, users } from '../../db/schema';
import { PROOF_TEXT } from '../proofs/service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export async function insertDemoFriend(
  db: DbOrTx,
  owner: string,
  friend: { key: string; firstName: string; lastName: string; bio: string },
  expiresAt: Date,
  timeZone: string,
) {
  const id = randomBytes(16).toString('base64url');
  const suffix = randomBytes(4).toString('hex');
  await db.insert(users).values({
    id,
    name: `${friend.firstName} ${friend.lastName}`,
    email: `demo-${friend.key}-${suffix}@demo.sweatpact.local`,
    username: `${friend.key}_${suffix}`,
    firstName: friend.firstName,
    lastName: friend.lastName,
    bio: friend.bio,
    isDemo: true,
    demoExpiresAt: expiresAt,
    timeZone,
  });
  await db.insert(friendships).values([
    { userId: owner, friendId: id },
    { userId: id, friendId: owner },
  ]);
  return id;
}

export async function insertPact(db: DbOrTx, values: typeof pacts.$inferInsert) {
  const [row] = await db.insert(pacts).values(values).returning({ id: pacts.id });
  return row!.id;
}

export async function insertParticipations(
  db: DbOrTx,
  pactId: number,
  members: Array<{ userId: string; startDay: string }>,
) {
  await db.insert(participations).values(members.map((m) => ({ ...m, pactId })));
  await db.update(pacts).set({ participantCount: members.length }).where(eq(pacts.id, pactId));
}

export async function insertMessages(
  db: DbOrTx,
  pactId: number,
  messages: Array<{ userId: string; body: string; createdAt: Date }>,
) {
  if (messages.length)
    await db.insert(chatMessages).values(messages.map((m) => ({ ...m, pactId, type: 'message' as const })));
}

/** Deletes expired demo users; everything of theirs goes with them (foreign keys cascade). */
export async function deleteExpiredDemoUsers(db: Db, now: Date) {
  const rows = await db
    .delete(users)
    .where(and(eq(users.isDemo, true), lt(users.demoExpiresAt, now)))
    .returning({ id: users.id });
  return rows.length;
}

export async function countDemoUsers(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.isDemo, true));
  return row?.n ?? 0;
}

export async function insertReadyMedia(
  db: DbOrTx,
  rows: Array<{
    id: string;
    ownerId: string;
    kind: 'proof' | 'thumbnail';
    contentType: string;
    sizeBytes: number;
  }>,
) {
  await db.insert(media).values(rows.map((r) => ({ ...r, status: 'ready' as const })));
}

/** A proof and its workout_proof chat message, as the proofs service stores them; approvals add to the participation. */
export async function insertProofWithMessage(
  db: Db,
  p: {
    pactId: number;
    userId: string;
    videoMediaId: string;
    thumbnailMediaId: string;
    value: number;
    recordedDay: string;
    status: 'approved' | 'pending';
    decidedById: string | null;
    postedAt: Date;
  },
) {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(chatMessages)
      .values({
        pactId: p.pactId,
        userId: p.userId,
        type: 'workout_proof',
        body: PROOF_TEXT,
        createdAt: p.postedAt,
      })
      .returning({ id: chatMessages.id });
    await tx.insert(proofs).values({
      messageId: message!.id,
      pactId: p.pactId,
      userId: p.userId,
      videoMediaId: p.videoMediaId,
      thumbnailMediaId: p.thumbnailMediaId,
      value: p.value,
      recordedDay: p.recordedDay,
      status: p.status,
      decidedById: p.decidedById,
      decidedAt: p.status === 'approved' ? p.postedAt : null,
      createdAt: p.postedAt,
    });
  });
}

/** Storage keys of the media owned by demo users who expired, to delete their bytes before the rows. */
export async function expiredDemoMedia(db: Db, now: Date) {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .innerJoin(users, eq(users.id, media.ownerId))
    .where(and(eq(users.isDemo, true), lt(users.demoExpiresAt, now)));
  return rows.map((r) => r.id);
}
