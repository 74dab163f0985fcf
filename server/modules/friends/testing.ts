import type { FastifyInstance } from 'fastify';
import type { Notification } from '../../../shared/api/notifications';
import type { FriendRequestsResponse } from '../../../shared/api/users';
import type { SignedIn } from '../../test/factories';
import { call } from '../pacts/testing';

/** Friend calls for tests, through the real endpoints. */

const idOf = (who: SignedIn | string) => (typeof who === 'string' ? who : who.user.id);

export function friendCalls(app: FastifyInstance) {
  return {
    add: (who: SignedIn, other: SignedIn | string) =>
      call(app, who, 'POST', `/api/users/${idOf(other)}/friend`),
    remove: (who: SignedIn, other: SignedIn | string) =>
      call(app, who, 'DELETE', `/api/users/${idOf(other)}/friend`),
    answer: (who: SignedIn, requester: SignedIn | string, verb: 'accept' | 'decline') =>
      call(app, who, 'POST', `/api/friend-requests/${idOf(requester)}/${verb}`),
    friendIds: async (who: SignedIn): Promise<string[]> =>
      (await call(app, who, 'GET', '/api/user/friends')).body.map((f: { id: string }) => f.id),
    requests: async (who: SignedIn) =>
      (await call(app, who, 'GET', '/api/user/friend-requests')).body as FriendRequestsResponse,
    stateFor: async (who: SignedIn, other: SignedIn) =>
      (await call(app, who, 'GET', `/api/users/${other.user.id}`)).body.friendship as string,
    inbox: async (who: SignedIn) =>
      (await call(app, who, 'GET', '/api/notifications')).body.items as Notification[],
  };
}

/** The user summary the friend answers carry. */
export const summaryOf = (who: SignedIn) => ({
  id: who.user.id,
  firstName: who.user.firstName,
  username: who.user.username,
  profileImageUrl: null,
});
