import type { ServerFrame } from '../../../shared/api/chat';
import type { AppContext } from '../../context';
import type { RenderedMessage, RoomSource } from '../../platform/realtime/rooms';
import { activeMembersAmong, canSeePact, findPact } from '../pacts/access';
import { isBlockedPair } from '../safety/policy';
import { hiddenPairs, sandboxPairs } from '../safety/service';
import { mayUseTeamPact } from '../teams/service';
import { mayDecide } from './policy';
import { toChatMessage } from './present';
import * as repo from './repo';

/**
 * What the /ws gateway needs from the chat: who may hold a Pact's room (the pacts visibility rule, asked of the
 * pacts policy), and the room's messages and events rendered per recipient (blocked pairs dropped, `canDecide`
 * per user). Each message is serialised at most twice (canDecide true or false) however many sockets receive it,
 * and once when nobody differs (no proof, no block between a recipient and its author): then it is `everyone`'s.
 */
export function chatRoomSource(ctx: AppContext): RoomSource {
  const { db } = ctx;
  const frame = (f: ServerFrame) => JSON.stringify(f);
  // Encoded to bytes once: a thousand sockets then send the same buffer.
  const bytes = (f: ServerFrame) => Buffer.from(frame(f));

  return {
    // A team's Pact: its room also needs team access (checked again when access is lost: team.access_lost).
    canSubscribe: async (userId, roomId) =>
      (await canSeePact(ctx, userId, roomId)) && (await mayUseTeamPact(ctx, userId, roomId)),

    headId: (roomId) => repo.maxMessageId(db, roomId),

    async messagesAfter(roomId, afterId, limit, userIds) {
      const rows = await repo.listMessages(db, roomId, { after: afterId, limit });
      if (rows.length === 0) return [];
      // The creator matters only to who may decide a pending proof.
      const pending = rows.some((r) => r.proof?.status === 'pending');
      const addressees = [...new Set(rows.flatMap((r) => (r.addresseeId ? [r.addresseeId] : [])))];
      const [blocked, apart, active, pact] = await Promise.all([
        hiddenPairs(ctx, userIds, [...new Set(rows.map((r) => r.userId))]),
        sandboxPairs(ctx, userIds, addressees),
        pending ? activeMembersAmong(ctx, roomId, userIds) : new Set<string>(),
        pending ? findPact(ctx, roomId) : undefined,
      ]);
      const creatorId = pact?.creatorId ?? '';
      return rows.map((row): RenderedMessage => {
        const cache = new Map<boolean, Buffer[]>();
        const render = (canDecide: boolean) => {
          const message = toChatMessage(row, null);
          if (message.proof) message.proof.canDecide = canDecide;
          const frames = [bytes({ type: 'chat_message', message })];
          if (message.proof) frames.push(bytes({ type: 'stream_proof', proof: message.proof }));
          return frames;
        };
        // A reply addressed to someone reaches only those who may see its addressee by the sandbox rule.
        const hidden = (u: string) =>
          isBlockedPair(blocked, u, row.userId) ||
          (row.addresseeId != null && isBlockedPair(apart, u, row.addresseeId));
        const same = row.proof?.id == null && !userIds.some(hidden);
        return {
          ...(same ? { everyone: render(false) } : {}),
          id: row.id,
          framesFor(userId) {
            if (hidden(userId)) return null;
            const can = row.proof?.id != null && mayDecide(row.proof, userId, creatorId, active.has(userId));
            let frames = cache.get(can);
            if (!frames) {
              frames = render(can);
              cache.set(can, frames);
            }
            return frames;
          },
        };
      });
    },

    posted(_roomId, id, { message, hiddenFrom, onlyTo }) {
      const frames = [bytes({ type: 'chat_message', message })];
      const hidden = new Set(hiddenFrom);
      const only = onlyTo ? new Set(onlyTo) : null;
      return {
        id,
        ...(hidden.size === 0 && !only ? { everyone: frames } : {}),
        framesFor: (userId) => (hidden.has(userId) || (only && !only.has(userId)) ? null : frames),
      };
    },

    async decisionsSince(roomId, afterId, userId) {
      const since = await repo.createdAtOf(db, afterId);
      if (!since) return [];
      const decided = await repo.decidedSince(db, roomId, since, 200);
      const blocked = await hiddenPairs(ctx, [userId], [...new Set(decided.map((d) => d.authorId))]);
      return decided
        .filter((d) => !isBlockedPair(blocked, userId, d.authorId))
        .map((d) =>
          frame({
            type: 'proof_status',
            challengeId: roomId,
            proofId: d.proofId,
            messageId: d.messageId,
            status: d.status,
            decidedBy: d.decidedBy?.id ? d.decidedBy : null,
          }),
        );
    },

    async renderEvent(roomId, event, userIds) {
      if (event.kind === 'proof_status') {
        const blocked = await hiddenPairs(ctx, userIds, [event.authorId]);
        const text = frame({
          type: 'proof_status',
          challengeId: roomId,
          proofId: event.proofId,
          messageId: event.messageId,
          status: event.status,
          decidedBy: event.decidedBy,
        });
        return (userId) => (isBlockedPair(blocked, userId, event.authorId) ? null : text);
      }
      if (event.kind === 'live') {
        const blocked = await hiddenPairs(ctx, userIds, [event.userId]);
        const text = frame({ type: 'live', challengeId: roomId, userId: event.userId, state: event.state });
        return (userId) => (isBlockedPair(blocked, userId, event.userId) ? null : text);
      }
      return () => null;
    },
  };
}
