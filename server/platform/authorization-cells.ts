import { ORIGIN } from '../test/factories';
import type { Actor, MatrixFixture } from './authorization-fixture';

/** One request of the matrix: what an actor sends to one route. */
export interface CellRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export type RequestFor = (fx: MatrixFixture, actor: Actor) => CellRequest;

const b64 = (text: string) => Buffer.from(text).toString('base64');
const NO_TOKEN = 'A'.repeat(43);

const pactBody = (title: string) => ({
  exerciseType: 'squats',
  targetValue: 10,
  title,
  visibility: 'public',
  totalDays: 7,
  scheduleDays: ['monday'],
  isCustom: false,
});

/**
 * How each route of the route table is asked, keyed `<domain>.<name>`. Ids come from the fixture: the creator's
 * friends-only Pact (`pact`), its message and proof, the creator as the target user. The order of this list is
 * the order the matrix runs in: cells that change the world (join, leave, unfriend, block, delete, sign out) come
 * last, each on targets no later cell needs.
 */
export const REQUESTS: Record<string, RequestFor> = {
  'platform.health': () => ({ method: 'GET', url: '/api/health' }),
  'platform.docs': () => ({ method: 'GET', url: '/api/docs' }),
  'auth.providers': () => ({ method: 'GET', url: '/api/auth/providers' }),
  'auth.currentUser': () => ({ method: 'GET', url: '/api/auth/user' }),
  'auth.session': () => ({ method: 'GET', url: '/api/auth/session' }),
  'auth.signIn': (fx) => ({
    method: 'POST',
    url: '/api/auth/email',
    payload: { email: fx.who.creator.user.email, password: 'not the password at all' },
  }),
  'auth.providerStart': () => ({ method: 'GET', url: '/api/auth/oauth/google' }),
  'auth.providerCallback': () => ({
    method: 'GET',
    url: '/api/auth/callback/google?state=forged&code=forged',
  }),
  'auth.providerFormCallback': () => ({
    method: 'POST',
    url: '/api/auth/callback/apple',
    payload: 'state=forged&code=forged',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }),
  'auth.pendingProviderSignup': () => ({ method: 'GET', url: '/api/auth/provider-signup' }),
  'auth.completeProviderSignup': () => ({
    method: 'POST',
    url: '/api/auth/provider-signup',
    payload: { dateOfBirth: '1990-01-01' },
  }),
  'auth.cancelProviderSignup': () => ({ method: 'DELETE', url: '/api/auth/provider-signup' }),
  // Recovery and control (docs/AUTH.md): the actors' addresses are verified, wrong passwords change nothing.
  'auth.sendVerification': () => ({ method: 'POST', url: '/api/auth/verify-email/send' }),
  'auth.verifyEmail': () => ({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: 'x'.repeat(40) },
  }),
  'auth.forgotPassword': (fx) => ({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: fx.who.creator.user.email },
  }),
  'auth.resetPassword': () => ({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: 'x'.repeat(24), newPassword: 'matrix-new-pass-1' },
  }),
  'auth.changePassword': () => ({
    method: 'POST',
    url: '/api/auth/change-password',
    payload: { currentPassword: 'not the password at all', newPassword: 'matrix-new-pass-1' },
  }),
  'auth.changeEmail': (_fx, actor) => ({
    method: 'POST',
    url: '/api/auth/change-email',
    payload: { newEmail: `matrix-moved-${actor}@example.com`, currentPassword: 'not the password at all' },
  }),
  'auth.listSessions': () => ({ method: 'GET', url: '/api/auth/sessions' }),
  'auth.revokeSession': (fx) => ({ method: 'DELETE', url: `/api/auth/sessions/${fx.creatorOtherSession}` }),
  'users.get': (fx) => ({ method: 'GET', url: `/api/users/${fx.who.creator.user.id}` }),
  'users.updateProfile': () => ({
    method: 'PATCH',
    url: '/api/user/profile',
    payload: { bio: 'matrix bio' },
  }),
  'users.calendar': () => ({ method: 'GET', url: '/api/user/calendar' }),
  'users.usernameAvailability': () => ({
    method: 'GET',
    url: '/api/user/username-availability?username=someone_new',
  }),
  'settings.get': () => ({ method: 'GET', url: '/api/user/settings' }),
  'settings.update': () => ({ method: 'PATCH', url: '/api/user/settings', payload: { analytics: true } }),
  'privacy.confirmDeletion': () => ({
    method: 'GET',
    url: '/api/data-deletion-request/confirm?token=dGhpcyBpcyBub3QgYSByZWFsIHRva2Vu',
  }),
  'privacy.cancelDeletionByLink': () => ({
    method: 'GET',
    url: '/api/data-deletion-request/cancel?token=dGhpcyBpcyBub3QgYSByZWFsIHRva2Vu',
  }),
  'privacy.myDeletion': () => ({ method: 'GET', url: '/api/data-deletion-request' }),
  'privacy.exportData': () => ({ method: 'GET', url: '/api/user/export' }),
  'pacts.list': () => ({ method: 'GET', url: '/api/challenges' }),
  'pacts.live': () => ({ method: 'GET', url: '/api/challenges/live' }),
  'pacts.get': (fx) => ({ method: 'GET', url: `/api/challenges/${fx.pact}` }),
  'pacts.participants': (fx) => ({ method: 'GET', url: `/api/challenges/${fx.pact}/participants` }),
  'pacts.create': (_fx, actor) => ({
    method: 'POST',
    url: '/api/challenges',
    payload: pactBody(`By ${actor}`),
  }),
  'pacts.update': (fx) => ({
    method: 'PATCH',
    url: `/api/challenges/${fx.pact}`,
    payload: { description: 'x' },
  }),
  'pacts.like': (fx) => ({ method: 'POST', url: `/api/challenges/${fx.pact}/like` }),
  'pacts.report': (fx) => ({
    method: 'POST',
    url: `/api/challenges/${fx.pact}/report`,
    payload: { reason: 'Reported by the matrix' },
  }),
  'pacts.myParticipations': () => ({ method: 'GET', url: '/api/user/participations' }),
  'pacts.userParticipations': (fx) => ({
    method: 'GET',
    url: `/api/user/participations/${fx.who.creator.user.id}`,
  }),
  'pacts.liked': () => ({ method: 'GET', url: '/api/user/likes' }),
  'friends.list': () => ({ method: 'GET', url: '/api/user/friends' }),
  'friends.requests': () => ({ method: 'GET', url: '/api/user/friend-requests' }),
  'leaderboard.get': () => ({ method: 'GET', url: '/api/leaderboard' }),
  'safety.blocks': () => ({ method: 'GET', url: '/api/user/blocks' }),
  'safety.reportUser': (fx) => ({
    method: 'POST',
    url: `/api/users/${fx.who.creator.user.id}/report`,
    payload: { reason: 'Reported by the matrix' },
  }),
  'safety.moderationQueue': () => ({ method: 'GET', url: '/api/admin/reports' }),
  'notifications.list': () => ({ method: 'GET', url: '/api/notifications' }),
  'notifications.markRead': () => ({
    method: 'POST',
    url: '/api/notifications/read',
    payload: { all: true },
  }),
  'notifications.pushKey': () => ({ method: 'GET', url: '/api/push/public-key' }),
  'notifications.subscribePush': (_fx, actor) => ({
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: {
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${actor}`,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    },
  }),
  'notifications.unsubscribePush': (_fx, actor) => ({
    method: 'DELETE',
    url: '/api/push/subscriptions',
    payload: { endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${actor}` },
  }),
  'activity.list': () => ({ method: 'GET', url: '/api/user/activity' }),
  'activity.reminders': () => ({ method: 'GET', url: '/api/user/reminders' }),
  'messages.conversations': () => ({ method: 'GET', url: '/api/messages' }),
  'messages.page': (fx) => ({ method: 'GET', url: `/api/messages/${fx.who.creator.user.id}` }),
  'messages.send': (fx) => ({
    method: 'POST',
    url: `/api/messages/${fx.who.creator.user.id}`,
    payload: { message: 'hello coach' },
  }),
  'messages.read': (fx) => ({
    method: 'POST',
    url: `/api/messages/${fx.who.creator.user.id}/read`,
    payload: {},
  }),
  // The fixture holds no team: nobody is its coach (the coach's own answer is in coaching/coaching.test.ts).
  'coaching.analytics': () => ({ method: 'GET', url: '/api/teams/2147483647/analytics' }),
  // The creator coaches the fixture's team: its earnings are theirs alone.
  'coaching.earnings': (fx) => ({ method: 'GET', url: `/api/coaching/earnings?teamId=${fx.teamId}` }),
  'coaching.earningsCsv': (fx) => ({ method: 'GET', url: `/api/coaching/earnings.csv?teamId=${fx.teamId}` }),
  'media.describe': (fx) => ({ method: 'GET', url: `/api/media/${fx.tutorialMediaId}` }),
  'media.play': (fx) => ({ method: 'GET', url: `/media/${fx.proofVideoId}` }),
  'media.uploadCreate': () => ({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': '3000',
      'upload-metadata': `kind ${b64('proof')},filetype ${b64('video/webm')}`,
    },
  }),
  'media.upload': (fx) => ({
    method: 'HEAD',
    url: `/api/uploads/${fx.uploadId}`,
    headers: { 'tus-resumable': '1.0.0' },
  }),
  'chat.messages': (fx) => ({ method: 'GET', url: `/api/challenges/${fx.pact}/messages` }),
  'chat.send': (fx, actor) => ({
    method: 'POST',
    url: `/api/challenges/${fx.pact}/chat`,
    payload: { message: `hello from ${actor}` },
  }),
  'chat.live': (fx) => ({
    method: 'POST',
    url: `/api/challenges/${fx.pact}/live`,
    payload: { state: 'stopped' },
  }),
  'chat.socket': () => ({ method: 'GET', url: '/ws' }),
  // Test mode here: the webhook does not exist for anyone (signed deliveries: modules/stripe/webhook.test.ts).
  'stripe.webhook': () => ({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    payload: '{"id":"evt_matrix","object":"event"}',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
  }),
  'stripe.connect': () => ({ method: 'POST', url: '/api/billing/stripe/connect' }),
  'proofs.create': (fx, actor) => ({
    method: 'POST',
    url: `/api/challenges/${fx.pact}/proofs`,
    payload: {
      codeWordId: fx.codeWord[actor] ?? fx.codeWord.participant,
      videoMediaId: fx.freshVideo[actor] ?? fx.proofVideoId,
    },
  }),
  'proofs.codeWord': (fx) => ({ method: 'POST', url: `/api/challenges/${fx.pact}/proof-challenge` }),
  'proofs.approve': (fx) => ({
    method: 'POST',
    url: `/api/challenges/${fx.pact}/approve`,
    payload: { proofId: fx.proofId, approval: 'approved' },
  }),
  'privacy.requestDeletion': (fx, actor) => ({
    method: 'POST',
    url: '/api/data-deletion-request',
    payload: {
      dataTypes: ['chat'],
      contactEmail: actor === 'anonymous' ? 'matrix-anon@example.com' : fx.who[actor].user.email,
      fullAccountDeletion: false,
    },
  }),
  'privacy.cancelDeletion': (fx) => ({
    method: 'POST',
    url: `/api/data-deletion-request/${fx.deletionRequestId}/cancel`,
  }),
  'safety.resolveReport': (fx) => ({
    method: 'POST',
    url: `/api/admin/reports/${fx.reportId}/resolve`,
    payload: { action: 'dismiss' },
  }),
  'teams.list': () => ({ method: 'GET', url: '/api/teams' }),
  'teams.mine': () => ({ method: 'GET', url: '/api/user/teams' }),
  'teams.get': (fx) => ({ method: 'GET', url: `/api/teams/${fx.teamId}` }),
  'teams.update': (fx) => ({
    method: 'PATCH',
    url: `/api/teams/${fx.teamId}`,
    payload: { monthlyPrice: 21 },
  }),
  'teams.waitlist': () => ({ method: 'GET', url: '/api/waitlist/pro-creator' }),
  'teams.joinWaitlist': (_fx, actor) => ({
    method: 'POST',
    url: '/api/waitlist/pro-creator',
    payload: { email: `waitlist-${actor}@example.com` },
  }),
  // Mailed links: a well-formed token never sent is refused with 404 and changes nothing, signed in or not.
  'waitlist.confirm': () => ({
    method: 'POST',
    url: '/api/waitlist/pro-creator/confirm',
    payload: { token: NO_TOKEN },
  }),
  'waitlist.leave': () => ({
    method: 'POST',
    url: '/api/waitlist/pro-creator/leave',
    payload: { token: `1.${NO_TOKEN}` },
  }),
  'waitlist.adminList': () => ({ method: 'GET', url: '/api/admin/waitlist' }),
  'waitlist.adminCsv': () => ({ method: 'GET', url: '/api/admin/waitlist.csv' }),
  'waitlist.launchMail': () => ({ method: 'POST', url: '/api/admin/waitlist/launch-mail' }),
  'billing.mode': () => ({ method: 'GET', url: '/api/billing/mode' }),
  'billing.clock': () => ({ method: 'GET', url: '/api/admin/billing/clock' }),
  // The team cells that change the world: each subscribes (the creator coaches it), then acts on its own.
  'teams.subscribe': (fx) => ({ method: 'POST', url: `/api/teams/${fx.teamId}/subscribe` }),
  'teams.testCard': (fx) => ({
    method: 'PATCH',
    url: `/api/teams/${fx.teamId}/subscription/test-card`,
    payload: { simulatePaymentFailure: false },
  }),
  'teams.manage': (fx) => ({ method: 'POST', url: `/api/teams/${fx.teamId}/subscription/manage` }),
  'teams.cancel': (fx) => ({ method: 'POST', url: `/api/teams/${fx.teamId}/subscription/cancel` }),
  'teams.resume': (fx) => ({ method: 'POST', url: `/api/teams/${fx.teamId}/subscription/resume` }),
  'billing.advanceClock': () => ({
    method: 'POST',
    url: '/api/admin/billing/clock/advance',
    payload: { minutes: 1 },
  }),
  'pacts.join': (fx) => ({ method: 'POST', url: `/api/challenges/${fx.pact}/join` }),
  'pacts.leave': (fx) => ({ method: 'POST', url: `/api/challenges/${fx.spare}/leave` }),
  'pacts.remove': (fx) => ({ method: 'DELETE', url: `/api/challenges/${fx.spare}` }),
  'friends.decline': (fx) => ({
    method: 'POST',
    url: `/api/friend-requests/${fx.otherPending.user.id}/decline`,
  }),
  'friends.accept': (fx) => ({
    method: 'POST',
    url: `/api/friend-requests/${fx.who.pendingFriend.user.id}/accept`,
  }),
  'friends.add': (fx) => ({ method: 'POST', url: `/api/users/${fx.who.creator.user.id}/friend` }),
  'friends.remove': (fx) => ({ method: 'DELETE', url: `/api/users/${fx.who.creator.user.id}/friend` }),
  'safety.unblock': (fx) => ({ method: 'DELETE', url: `/api/users/${fx.who.blocked.user.id}/block` }),
  'safety.block': (fx) => ({ method: 'POST', url: `/api/users/${fx.who.creator.user.id}/block` }),
  'auth.signUp': (_fx, actor) => ({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      email: `matrix-new-${actor}-${Date.now()}@example.com`,
      password: 'correct horse battery',
      dateOfBirth: '1990-05-17',
      firstName: 'New',
      lastName: 'Person',
    },
  }),
  // Signs every actor out everywhere: only sign-out (which needs no session) may follow.
  'auth.revokeAllSessions': () => ({ method: 'POST', url: '/api/auth/sessions/revoke-all' }),
  'auth.signOut': () => ({ method: 'POST', url: '/api/auth/logout' }),
};

/** Headers of a cell: the actor's session (none for anonymous), the app's origin, and the cell's own. */
export function headersFor(fx: MatrixFixture, actor: Actor, request: CellRequest): Record<string, string> {
  const session = actor === 'anonymous' ? { origin: ORIGIN } : fx.who[actor].headers;
  return { ...session, ...(request.headers ?? {}) };
}
