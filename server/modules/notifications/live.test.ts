import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../shared/api/chat';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { openSocket, type TestSocket, wsUrl } from '../chat/testing';
import { befriend, call } from '../pacts/testing';

/** Notifications go live to every socket of the notified user, with no subscribe, and to nobody else. */

let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await wsUrl(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t.close();
});

const open = async (who: SignedIn) => {
  const s = await openSocket(url, who);
  sockets.push(s);
  return s;
};
const isNotification = (f: ServerFrame) => f.type === 'notification';
/** A ping answered means every frame the server sent this socket before it has arrived. */
const settle = async (s: TestSocket) => {
  s.send({ type: 'ping' });
  await s.next((f) => f.type === 'pong');
};

describe('live notifications', () => {
  it("reaches each of the asked user's sockets on a friend request, and the asker's on Accept", async () => {
    const [ann, bo, cy] = [
      await signUp(t.app, { firstName: 'Ann' }),
      await signUp(t.app, { firstName: 'Bo' }),
      await signUp(t.app),
    ];
    const [bo1, bo2, annSocket, cySocket] = [await open(bo), await open(bo), await open(ann), await open(cy)];

    await call(t.app, ann, 'POST', `/api/users/${bo.user.id}/friend`);
    const frame = await bo1.next(isNotification);
    expect(frame).toEqual({
      type: 'notification',
      notification: expect.objectContaining({
        type: 'friend_request',
        actor: expect.objectContaining({ id: ann.user.id, firstName: 'Ann' }),
        friendRequest: 'pending',
        read: false,
      }),
    });
    expect(await bo2.next(isNotification)).toEqual(frame);
    // The same notification the list answers.
    const box = await call(t.app, bo, 'GET', '/api/notifications');
    expect(box.body.items).toEqual([(frame as Extract<ServerFrame, { type: 'notification' }>).notification]);

    await Promise.all([settle(annSocket), settle(cySocket), settle(bo1)]);
    expect(annSocket.frames.filter(isNotification)).toEqual([]);
    expect(cySocket.frames.filter(isNotification)).toEqual([]);
    expect(bo1.frames.filter(isNotification)).toEqual([]);

    await call(t.app, bo, 'POST', `/api/friend-requests/${ann.user.id}/accept`);
    expect(await annSocket.next(isNotification)).toMatchObject({
      notification: { type: 'friend_added', actor: { id: bo.user.id, firstName: 'Bo' } },
    });
    await Promise.all([settle(cySocket), settle(bo1)]);
    expect(cySocket.frames.filter(isNotification)).toEqual([]);
    expect(bo1.frames.filter(isNotification)).toEqual([]);
  });

  it('reaches a socket the user opens after closing their last one', async () => {
    const [dee, eli, fay] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const first = await open(eli);
    first.close();
    await first.closed;
    await befriend(t.app, dee, eli);
    const again = await open(eli);
    await befriend(t.app, fay, eli);
    const fromFay = (f: ServerFrame) => isNotification(f) && f.notification.actor?.id === fay.user.id;
    expect(await again.next(fromFay)).toMatchObject({ notification: { type: 'friend_request' } });
  });
});
