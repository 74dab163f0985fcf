import { z } from 'zod';
import { defineRoutes } from '../route';
import {
  FRIEND_REQUEST_LIMITS,
  friend,
  friendRequestParams,
  friendRequestsResponse,
  friendResponse,
  userIdParams,
} from '../users';

const OTHER_USER = {
  400: 'Also: the caller themself, or the AI Trainer.',
  404: 'No such user, or one the caller may not see.',
} as const;
const REQUEST = {
  ...OTHER_USER,
  404: `${OTHER_USER[404]} Also when that user has no request waiting for the caller's answer.`,
} as const;

/** Friends and friend requests (docs/RULES.md "Friends"). */
export const friendsRoutes = defineRoutes('friends', {
  list: {
    summary: "The caller's friends",
    auth: 'user',
    answers: { 200: z.array(friend) },
  },
  add: {
    summary: 'Send a friend request, or accept the one that user sent',
    description:
      '`friendship` says what happened: `requested` (sent, or already waiting) or `friends` (that user had ' +
      `asked the caller, or they were friends already). At most ${FRIEND_REQUEST_LIMITS.sendMax} an hour per ` +
      `user and ${FRIEND_REQUEST_LIMITS.pendingMax} requests waiting at once.`,
    auth: 'user',
    params: userIdParams,
    answers: { 200: friendResponse },
    errors: {
      ...OTHER_USER,
      403: 'Also: a demo account on either side (demo accounts keep their sample friends only).',
      409: `The caller already has ${FRIEND_REQUEST_LIMITS.pendingMax} requests waiting for an answer.`,
      429: 'Too many friend requests sent in the last hour.',
    },
  },
  remove: {
    summary: 'End a friendship, or withdraw the request the caller sent',
    auth: 'user',
    params: userIdParams,
    answers: { 200: friendResponse },
    errors: OTHER_USER,
  },
  requests: {
    summary: 'Friend requests waiting for the caller, and the ones the caller sent',
    auth: 'user',
    answers: { 200: friendRequestsResponse },
  },
  accept: {
    summary: 'Accept the friend request that user sent: both become friends',
    auth: 'user',
    params: friendRequestParams,
    answers: { 200: friendResponse },
    errors: REQUEST,
  },
  decline: {
    summary: 'Decline the friend request that user sent (they are not told)',
    auth: 'user',
    params: friendRequestParams,
    answers: { 200: friendResponse },
    errors: REQUEST,
  },
});
