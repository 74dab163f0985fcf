import type { ChatMessage, LIVE_STATES, UNSUBSCRIBE_REASONS } from '../../../shared/api/chat';
import type { UserSummary } from '../../../shared/api/pacts';
import type { ProofStatus } from '../../../shared/api/proofs';

/**
 * What travels on the real-time bus between instances. These are notifications, not client frames: each
 * instance's gateway turns them into frames for its own sockets (reading messages from the database in id
 * order, or taking one handed over with its notification when nothing can come between, filtering blocked pairs,
 * computing per-user fields).
 */

export const roomChannel = (pactId: number) => `pact:${pactId}`;
export const CONTROL_CHANNEL = 'control';
/**
 * One channel per user: every socket of that user receives what is published there, without subscribing. Its
 * events are already server frames for that user (e.g. `{type:'notification', notification}`), sent as they are.
 */
export const userChannel = (userId: string) => `user:${userId}`;

export type UnsubscribeReason = (typeof UNSUBSCRIBE_REASONS)[number];
type LiveState = (typeof LIVE_STATES)[number];

/**
 * A message handed over with its notification, so a room that has sent everything up to `after` sends it without
 * reading the database (any other room reads from its cursor, as for a bare notification).
 */
export interface PostedMessage {
  /** The room's previous message id when this one was committed (0: none); writers commit in id order. */
  after: number;
  /** As every reader gets it (no per-reader field: it has no proof). */
  message: ChatMessage;
  /** Users who must not receive it: blocked with its author, either way. */
  hiddenFrom: string[];
  /** When set, the only users who may receive it (a demo account's message stays in its own sandbox). */
  onlyTo?: string[] | null;
}

export type RoomEvent =
  /** A message with this id was committed in the room (with the message itself when it was handed over). */
  | { kind: 'message'; id: number; posted?: PostedMessage }
  | {
      kind: 'proof_status';
      proofId: number;
      messageId: number;
      authorId: string;
      status: ProofStatus;
      decidedBy: UserSummary | null;
    }
  | { kind: 'live'; userId: string; state: LiveState }
  /** Drop these users' sockets (or everyone's) from the room. */
  | { kind: 'drop'; userId?: string; reason: UnsubscribeReason }
  /** Someone's access may have changed: re-check every socket in the room. */
  | { kind: 'recheck' };

export type ControlEvent =
  /** Close the sockets of this session, or of every session of the user when sessionId is absent. */
  | { kind: 'session_revoked'; userId: string; sessionId?: string }
  /** This user's access may have changed: re-check each room their sockets hold. */
  | { kind: 'recheck_user'; userId: string }
  /** This user's row changed (names, time zone): instances drop their cached sessions of the user. */
  | { kind: 'user_changed'; userId: string };
