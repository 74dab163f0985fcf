import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages } from '../../db/schema';

/** The chat's bulk writes: seeded history (demo) and erasure (privacy), through chat/service.ts. */

/** Plain messages inserted as they are (the demo sandbox's chat history, with its own times). */
export async function insertMessages(
  db: Db,
  pactId: number,
  messages: Array<{ userId: string; body: string; createdAt: Date }>,
) {
  if (messages.length)
    await db.insert(chatMessages).values(messages.map((m) => ({ ...m, pactId, type: 'message' as const })));
}

/** Erasure: these messages (a proof's message once its proof is erased). */
export async function deleteMessages(db: Db, ids: readonly number[]) {
  if (ids.length > 0) await db.delete(chatMessages).where(inArray(chatMessages.id, [...ids]));
}

/**
 * Erasure of the chat type: what the user wrote (text and live notes; proofs are workouts) and the replies
 * addressed to them (they name them).
 */
export async function deleteTextMessagesOf(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(chatMessages)
    .where(
      and(
        or(eq(chatMessages.userId, userId), eq(chatMessages.addresseeId, userId)),
        ne(chatMessages.type, 'workout_proof'),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length;
}
