import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../../shared/api/activity';
import type { ServerFrame } from '../../../shared/api/chat';
import type { Challenge } from '../../../shared/api/pacts';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { openSocket, type TestSocket, wsUrl } from '../chat/testing';
import { call, createPactVia } from '../pacts/testing';
import { postProof } from '../proofs/testing';
import { friendCalls } from './testing';

/**
 * A friend request opens nothing: someone who only sent a request to a Pact's creator, or only received one from
 * them, reads nothing of a friends-only Pact (the Pact, Discover, its chat, its members, its proof video, the
 * friends' activity, its room on the socket) until the request is accepted, and again nothing once the friendship
 * ends.
 */

let t: TestApp;
let f: ReturnType<typeof friendCalls>;
let cara: SignedIn;
let sam: SignedIn;
let rae: SignedIn;
let pact: Challenge;
let videoPath: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = friendCalls(t.app);
  [cara, sam, rae] = [
    await signUp(t.app, { firstName: 'Cara' }),
    await signUp(t.app, { firstName: 'Sam' }),
    await signUp(t.app, { firstName: 'Rae' }),
  ];
  // Every day, all day, so the proof counts whatever the day the test runs (only counted workouts show in
  // activity, docs/RULES.md).
  pact = await createPactVia(t.app, cara, {
    title: 'Friends only',
    visibility: 'friends',
    workoutTime: undefined,
    scheduleDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  });
  // A Pact of one: Cara's proof is approved when posted, so it shows in her friends' activity.
  const proof = await postProof(t.app, cara, pact.id);
  videoPath = proof.videoUrl!;
  expect(videoPath).toMatch(/^\/media\//);
  // Sam asks Cara; Cara asks Rae. Nobody answers yet.
  expect((await f.add(sam, cara)).body.friendship).toBe('requested');
  expect((await f.add(cara, rae)).body.friendship).toBe('requested');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const ids = async (who: SignedIn, filter: 'all' | 'friends') =>
  (
    (await call(t.app, who, 'GET', `/api/challenges?filter=${filter}&limit=50`)).body.items as Challenge[]
  ).map((c) => c.id);

/** Every way to read the Pact, as statuses and presence, for one user. */
async function reads(who: SignedIn) {
  const media = await t.app.inject({ method: 'GET', url: videoPath, headers: who.headers });
  const activity = (await call(t.app, who, 'GET', '/api/user/activity?tab=friends')).body as ActivityItem[];
  return {
    pact: (await call(t.app, who, 'GET', `/api/challenges/${pact.id}`)).status,
    discover: (await ids(who, 'all')).includes(pact.id),
    friendsFilter: (await ids(who, 'friends')).includes(pact.id),
    chat: (await call(t.app, who, 'GET', `/api/challenges/${pact.id}/messages`)).status,
    participants: (await call(t.app, who, 'GET', `/api/challenges/${pact.id}/participants`)).status,
    join: (await call(t.app, who, 'POST', `/api/challenges/${pact.id}/join`)).status,
    media: media.statusCode,
    activity: activity.some((item) => item.userId === cara.user.id),
  };
}

const NOTHING = {
  pact: 404,
  discover: false,
  friendsFilter: false,
  chat: 404,
  participants: 404,
  join: 404,
  media: 404,
  activity: false,
};

async function subscribeAnswer(who: SignedIn): Promise<{ socket: TestSocket; answer: ServerFrame }> {
  const socket = await openSocket(await wsUrl(t.app), who);
  sockets.push(socket);
  socket.send({ type: 'subscribe', challengeId: pact.id });
  const answer = await socket.next(
    (frame) => (frame.type === 'subscribed' || frame.type === 'error') && 'challengeId' in frame,
  );
  return { socket, answer };
}

describe('a friends-only Pact and a friend request', () => {
  it('is closed to someone who only sent a request, and to someone who only received one', async () => {
    for (const who of [sam, rae]) {
      expect(await reads(who)).toEqual(NOTHING);
      expect((await subscribeAnswer(who)).answer).toEqual({
        type: 'error',
        message: 'Pact not found',
        challengeId: pact.id,
      });
    }
  });

  it('opens to both once the request is accepted, whichever side asked', async () => {
    expect((await f.answer(cara, sam, 'accept')).body.friendship).toBe('friends');
    expect((await f.answer(rae, cara, 'accept')).body.friendship).toBe('friends');
    for (const who of [sam, rae]) {
      // join is 200: seeing it lets them join, which the next step's members read reflects.
      expect(await reads(who)).toEqual({
        pact: 200,
        discover: true,
        friendsFilter: true,
        chat: 200,
        participants: 200,
        join: 200,
        media: 200,
        activity: true,
      });
      expect((await subscribeAnswer(who)).answer).toMatchObject({ type: 'subscribed', challengeId: pact.id });
    }
  });

  it('closes again when the friendship ends (for one who left the Pact first), live on the socket too', async () => {
    // Rae leaves first: a member keeps seeing a Pact they joined, so only a non-member loses it.
    expect((await call(t.app, rae, 'POST', `/api/challenges/${pact.id}/leave`)).status).toBe(200);
    const { socket } = await subscribeAnswer(rae);
    expect((await f.remove(cara, rae)).body.friendship).toBe('none');
    expect(await socket.next((frame) => frame.type === 'unsubscribed')).toEqual({
      type: 'unsubscribed',
      challengeId: pact.id,
      reason: 'access_lost',
    });
    expect(await reads(rae)).toEqual(NOTHING);
    // A new request from Rae opens nothing either.
    expect((await f.add(rae, cara)).body.friendship).toBe('requested');
    expect(await reads(rae)).toEqual(NOTHING);
  });
});
