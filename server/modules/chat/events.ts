import type { LiveBody } from '../../../shared/api/chat';
import type { chatMessages } from '../../db/schema';
import type { PostedMessage } from '../../platform/realtime/events';

type MessageType = (typeof chatMessages.$inferSelect)['type'];

/** The events the chat module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /**
     * A chat message of any type was stored; its room is told, the AI trainer may answer. `posted`: the message
     * itself, when it is complete as stored (not a proof's), handed to the rooms so they need not read it back.
     */
    'chat.message_created': {
      messageId: number;
      pactId: number;
      userId: string;
      type: MessageType;
      posted?: PostedMessage;
      /** The Pact's creator, when the sender's access check already read it (the trainer's listener asks). */
      pactCreatorId?: string;
    };
    /** A participant started or stopped working out live (the room shows a badge; nothing is stored for it). */
    'chat.live_changed': { pactId: number; userId: string; state: LiveBody['state'] };
  }
}
