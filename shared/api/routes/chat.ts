import {
  chatMessage,
  listMessagesQuery,
  liveBody,
  liveResponse,
  messagePage,
  sendMessageBody,
} from '../chat';
import { challengeIdParams } from '../pacts';
import { defineRoutes } from '../route';

const NOT_VISIBLE = 'No such Pact, or one the caller may not see.';

/** A Pact's chat and the real-time link (docs/CHAT.md). */
export const chatRoutes = defineRoutes('chat', {
  messages: {
    summary: "A page of a Pact's chat, newest first",
    auth: 'user',
    params: challengeIdParams,
    query: listMessagesQuery,
    answers: { 200: messagePage },
    errors: { 404: NOT_VISIBLE },
  },
  send: {
    summary: 'Post a message (201 stored, 200 when its clientKey was already stored)',
    auth: 'user',
    params: challengeIdParams,
    body: sendMessageBody,
    answers: { 200: chatMessage, 201: chatMessage },
    errors: {
      403: 'Only participants chat.',
      404: NOT_VISIBLE,
      409: 'The clientKey was used for another message.',
      429: 'Too many messages; wait a few seconds.',
    },
  },
  live: {
    summary: 'Tell the room the caller started or stopped working out live',
    auth: 'user',
    params: challengeIdParams,
    body: liveBody,
    answers: { 200: liveResponse },
    errors: {
      403: 'Only active participants go live.',
      404: NOT_VISIBLE,
      429: 'More than 30 changes a minute.',
    },
  },
  socket: {
    summary: 'The WebSocket upgrade of the real-time link (frames in shared/api/chat.ts)',
    auth: 'optional',
    hidden: true,
  },
});
