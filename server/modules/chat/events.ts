import type { LiveBody } from '../../../shared/api/chat';
import type { MessageType } from './repo';

/** The events the chat module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** A chat message of any type was stored; its room is told, the AI trainer may answer. */
    'chat.message_created': { messageId: number; pactId: number; userId: string; type: MessageType };
    /** A participant started or stopped working out live (the room shows a badge; nothing is stored for it). */
    'chat.live_changed': { pactId: number; userId: string; state: LiveBody['state'] };
  }
}
