import {
  conversationList,
  conversationsQuery,
  directMessage,
  dmPage,
  dmPageQuery,
  dmReadBody,
  dmReadResponse,
  dmUserParams,
  sendDmBody,
} from '../messages';
import { defineRoutes } from '../route';

const NOT_LINKED = 'No such person, not your coach or member, or blocked.';

/** Direct messages between a Pro team's coach and its members (docs/MESSAGES.md). */
export const messagesRoutes = defineRoutes('messages', {
  conversations: {
    summary: "The caller's conversations with their coaches and members, with unread counts",
    auth: 'user',
    query: conversationsQuery,
    answers: { 200: conversationList },
  },
  page: {
    summary: 'A page of the conversation with a coach or member, newest first',
    auth: 'user',
    params: dmUserParams,
    query: dmPageQuery,
    answers: { 200: dmPage },
    errors: { 404: NOT_LINKED },
  },
  send: {
    summary: 'Send a direct message (201 stored, 200 when its clientKey was already stored)',
    auth: 'user',
    params: dmUserParams,
    body: sendDmBody,
    answers: { 200: directMessage, 201: directMessage },
    errors: {
      403: 'The team access ended: the history stays readable, nothing new can be sent.',
      404: NOT_LINKED,
      409: 'The clientKey was used for another message.',
      429: 'Too many messages; wait a few seconds.',
    },
  },
  read: {
    summary: "Mark the other person's messages read (up to an id, or all)",
    auth: 'user',
    params: dmUserParams,
    body: dmReadBody,
    answers: { 200: dmReadResponse },
    errors: { 404: NOT_LINKED },
  },
});
