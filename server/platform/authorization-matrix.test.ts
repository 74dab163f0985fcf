import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/routes';
import { createTestApp, type TestApp } from '../test/app';
import { headersFor, REQUESTS } from './authorization-cells';
import { ACTORS, type Actor, ADMIN_EMAIL, buildMatrixFixture } from './authorization-fixture';

/**
 * The authorization matrix (issue 9, docs/SECURITY.md): every route of the route table (the OpenAPI document is
 * built from it) asked by each kind of person, with the status each must get. The people are relative to a
 * creator and their friends-only Pact: anonymous, a stranger, an accepted friend, someone whose friend request is
 * pending, a participant, the creator, someone the creator blocked, and an admin. A route without a row here fails,
 * and so does a row for a route that no longer exists, so no endpoint skips the matrix.
 */

type Row = Record<Actor, number>;
const row = (statuses: Partial<Row> & { rest: number }): Row =>
  Object.fromEntries(ACTORS.map((a) => [a, statuses[a] ?? statuses.rest])) as Row;
const everyone = (status: number) => row({ rest: status });
const signedIn = (status: number) => row({ anonymous: 401, rest: status });
/** Who sees the creator's friends-only Pact: the creator, its participants, the creator's friends. */
const seesPact = (status: number, overrides: Partial<Row> = {}) =>
  row({ anonymous: 401, friend: status, participant: status, creator: status, rest: 404, ...overrides });
const creatorOnly = (status: number, overrides: Partial<Row> = {}) =>
  row({ anonymous: 401, creator: status, rest: 404, ...overrides });
const adminOnly = (status: number) => row({ anonymous: 401, admin: status, rest: 404 });

const EXPECTED: Record<string, Row> = {
  'platform.health': everyone(200),
  'platform.docs': everyone(200),
  'auth.providers': everyone(200),
  'auth.currentUser': signedIn(200),
  // Signed out is an answer ({ user: null }), not an error.
  'auth.session': everyone(200),
  // Nobody signs in as the creator without the password, signed in or not.
  'auth.signIn': everyone(401),
  // No provider is configured here: every start and forged callback is sent back to the sign-in screen.
  'auth.providerStart': everyone(302),
  'auth.providerCallback': everyone(302),
  'auth.providerFormCallback': everyone(303),
  // Without the pending sign-up cookie there is nothing to see or finish; cancelling is harmless.
  'auth.pendingProviderSignup': everyone(410),
  'auth.completeProviderSignup': everyone(410),
  'auth.cancelProviderSignup': everyone(200),
  // Every actor's address is verified (409); the forged links and wrong passwords answer 400 and change nothing.
  'auth.sendVerification': signedIn(409),
  'auth.verifyEmail': everyone(400),
  'auth.forgotPassword': everyone(200),
  'auth.resetPassword': everyone(400),
  'auth.changePassword': signedIn(400),
  'auth.changeEmail': signedIn(400),
  'auth.listSessions': signedIn(200),
  // The creator's other device: only the creator can sign it out; for anyone else it does not exist.
  'auth.revokeSession': creatorOnly(200),
  'users.get': row({ anonymous: 401, blocked: 404, rest: 200 }),
  'users.updateProfile': signedIn(200),
  'users.calendar': signedIn(200),
  'users.usernameAvailability': signedIn(200),
  'settings.get': signedIn(200),
  'settings.update': signedIn(200),
  'privacy.confirmDeletion': everyone(410),
  'privacy.cancelDeletionByLink': everyone(410),
  'privacy.myDeletion': signedIn(200),
  'privacy.exportData': signedIn(200),
  'pacts.list': signedIn(200),
  'pacts.live': signedIn(200),
  'pacts.get': seesPact(200),
  'pacts.participants': seesPact(200),
  'pacts.create': signedIn(201),
  'pacts.update': creatorOnly(200),
  'pacts.like': seesPact(200),
  // The friend already reported it in the fixture; the creator cannot report their own.
  'pacts.report': seesPact(200, { friend: 409, creator: 400 }),
  'pacts.myParticipations': signedIn(200),
  // Another user's list is filtered to what the caller may see; across a block the user does not exist.
  'pacts.userParticipations': row({ anonymous: 401, blocked: 404, rest: 200 }),
  'pacts.liked': signedIn(200),
  'friends.list': signedIn(200),
  'friends.requests': signedIn(200),
  'leaderboard.get': signedIn(200),
  'safety.blocks': signedIn(200),
  'safety.reportUser': row({ anonymous: 401, creator: 400, rest: 200 }),
  'safety.moderationQueue': adminOnly(200),
  'notifications.list': signedIn(200),
  'notifications.markRead': signedIn(200),
  'notifications.pushKey': signedIn(200),
  'notifications.subscribePush': signedIn(200),
  // Removing answers whether this caller had the device; another user's row is never touched.
  'notifications.unsubscribePush': signedIn(200),
  'activity.list': signedIn(200),
  'activity.reminders': signedIn(200),
  'messages.conversations': signedIn(200),
  // Nobody here coaches the creator or belongs to a team of theirs (the DM refusals: messages/messages.test.ts).
  'messages.page': signedIn(404),
  'messages.send': signedIn(404),
  'messages.read': signedIn(404),
  'coaching.analytics': signedIn(404),
  'coaching.earnings': creatorOnly(200),
  'coaching.earningsCsv': creatorOnly(200),
  'media.describe': seesPact(200),
  // Media bytes never say whether a file exists to someone who may not play it, signed in or not.
  'media.play': seesPact(200, { anonymous: 404 }),
  'media.uploadCreate': signedIn(201),
  // The participant's own unfinished upload.
  'media.upload': row({ anonymous: 401, participant: 200, rest: 404 }),
  'chat.messages': seesPact(200),
  // Writing takes membership; the friend sees the Pact but has not joined.
  'chat.send': seesPact(201, { friend: 403 }),
  'chat.live': seesPact(200, { friend: 403 }),
  // A plain GET without the WebSocket upgrade: refused for everyone (the socket's own checks are in chat tests).
  'chat.socket': row({ anonymous: 401, rest: 404 }),
  // Billing runs in test mode here: no Stripe webhook, no payouts onboarding (Stripe's own: stripe/*.test.ts).
  'stripe.webhook': everyone(404),
  'stripe.connect': signedIn(409),
  'proofs.create': seesPact(201, { friend: 403 }),
  // Only active participants (the creator is one) are given code words.
  'proofs.codeWord': seesPact(201, { friend: 403 }),
  // Only the creator decides; the author cannot approve their own proof.
  'proofs.approve': seesPact(200, { friend: 403, participant: 403 }),
  'privacy.requestDeletion': everyone(200),
  // The creator's own request; anyone else's attempt finds nothing.
  'privacy.cancelDeletion': creatorOnly(200),
  'safety.resolveReport': adminOnly(200),
  // Teams are listed to everyone signed in; across a block the coach's team does not exist.
  'teams.list': signedIn(200),
  'teams.mine': signedIn(200),
  'teams.get': row({ anonymous: 401, blocked: 404, rest: 200 }),
  'teams.update': creatorOnly(200),
  'teams.waitlist': signedIn(200),
  'teams.joinWaitlist': signedIn(200),
  // A mailed link that was never sent: refused for everyone, nothing changed (waitlist.test.ts has the real ones).
  'waitlist.confirm': everyone(404),
  'waitlist.leave': everyone(404),
  'waitlist.adminList': adminOnly(200),
  'waitlist.adminCsv': adminOnly(200),
  'waitlist.launchMail': adminOnly(200),
  'billing.mode': signedIn(200),
  'billing.clock': adminOnly(200),
  // The coach cannot subscribe to their own team; each other person acts on their own subscription only.
  'teams.subscribe': row({ anonymous: 401, creator: 400, blocked: 404, rest: 200 }),
  'teams.testCard': row({ anonymous: 401, creator: 404, blocked: 404, rest: 200 }),
  'teams.manage': row({ anonymous: 401, creator: 404, blocked: 404, rest: 200 }),
  'teams.cancel': row({ anonymous: 401, creator: 404, blocked: 404, rest: 200 }),
  'teams.resume': row({ anonymous: 401, creator: 404, blocked: 404, rest: 200 }),
  'billing.advanceClock': adminOnly(200),
  'pacts.join': seesPact(200),
  'pacts.leave': seesPact(200, { creator: 409 }),
  'pacts.remove': creatorOnly(200),
  'friends.decline': creatorOnly(200),
  // The pending friend's request, which only the creator answers (the requester themself: 400).
  'friends.accept': creatorOnly(200, { pendingFriend: 400 }),
  'friends.add': row({ anonymous: 401, creator: 400, blocked: 404, rest: 200 }),
  'friends.remove': row({ anonymous: 401, creator: 400, blocked: 404, rest: 200 }),
  'safety.unblock': row({ anonymous: 401, blocked: 400, rest: 200 }),
  'safety.block': row({ anonymous: 401, creator: 400, rest: 200 }),
  'auth.signUp': everyone(200),
  'auth.revokeAllSessions': signedIn(200),
  'auth.signOut': everyone(200),
};

const routeKeys = allRoutes().map((r) => `${r.domain}.${r.name}`);

describe('the authorization matrix', () => {
  it('has a row, and a request, for every route of the route table and for nothing else', () => {
    const missing = routeKeys.filter((k) => !EXPECTED[k] || !REQUESTS[k]);
    expect(missing, 'routes without a row in the matrix (add one to EXPECTED and REQUESTS)').toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((k) => !routeKeys.includes(k)),
      'rows for routes that do not exist',
    ).toEqual([]);
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  });
  afterAll(() => t?.close());

  it('answers each person as the matrix says, on every route', async () => {
    const fx = await buildMatrixFixture(t.app);
    const wrong: string[] = [];
    // REQUESTS' order: the cells that change the world run last.
    for (const [key, build] of Object.entries(REQUESTS)) {
      for (const actor of ACTORS) {
        const request = build(fx, actor);
        const res = await t.app.inject({
          method: request.method,
          url: request.url,
          headers: headersFor(fx, actor, request),
          ...(request.payload === undefined ? {} : { payload: request.payload as object }),
        });
        const expected = EXPECTED[key]?.[actor];
        if (res.statusCode !== expected) {
          wrong.push(
            `${key} as ${actor}: ${res.statusCode}, expected ${expected} (${res.body.slice(0, 120)})`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
