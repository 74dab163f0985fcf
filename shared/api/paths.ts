/**
 * Where every HTTP route of the server lives: its method, path and kind, by domain and name. This half of the route
 * table has no schemas (no zod), so the browser can load it on the sign-in screen; `routes.ts` joins it with each
 * route's schemas, answers and errors (`routes/<domain>.ts`). The server registers every route from the joined
 * table and the client builds every call from it, so a path is written here and nowhere else.
 *
 * Paths keep the API's names (`/api/challenges`, `:id`), as clients already call them; inside the code the thing
 * is a Pact.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

/**
 * json: JSON in and out (the typed client calls these). html: answers a page (a link opened from an email).
 * tus: the resumable upload protocol (tus-js-client speaks it). media: video and image bytes with range requests.
 * ws: the WebSocket upgrade. docs: the OpenAPI document itself. redirect: the browser navigates there and is sent
 * on (provider sign-in). download: a file to save (a zip), streamed with its length announced. webhook: a
 * provider's signed delivery, read as the raw bytes it signed (Stripe).
 */
export type RouteKind =
  | 'json'
  | 'html'
  | 'redirect'
  | 'tus'
  | 'media'
  | 'ws'
  | 'docs'
  | 'download'
  | 'webhook';

export interface RoutePath {
  readonly method: HttpMethod | readonly HttpMethod[];
  readonly path: string;
  readonly kind: RouteKind;
}

const json = <const M extends HttpMethod, const P extends string>(method: M, path: P) =>
  ({ method, path, kind: 'json' }) as const;
const other = <
  const M extends HttpMethod | readonly HttpMethod[],
  const P extends string,
  const K extends RouteKind,
>(
  method: M,
  path: P,
  kind: K,
) => ({ method, path, kind }) as const;

export const paths = {
  platform: {
    health: json('GET', '/api/health'),
    docs: other('GET', '/api/docs', 'docs'),
  },
  auth: {
    signIn: json('POST', '/api/auth/email'),
    signUp: json('POST', '/api/auth/signup'),
    currentUser: json('GET', '/api/auth/user'),
    session: json('GET', '/api/auth/session'),
    signOut: json('POST', '/api/auth/logout'),
    providers: json('GET', '/api/auth/providers'),
    providerStart: other('GET', '/api/auth/oauth/:provider', 'redirect'),
    providerCallback: other('GET', '/api/auth/callback/:provider', 'redirect'),
    providerFormCallback: other('POST', '/api/auth/callback/:provider', 'redirect'),
    pendingProviderSignup: json('GET', '/api/auth/provider-signup'),
    completeProviderSignup: json('POST', '/api/auth/provider-signup'),
    cancelProviderSignup: json('DELETE', '/api/auth/provider-signup'),
    sendVerification: json('POST', '/api/auth/verify-email/send'),
    verifyEmail: json('POST', '/api/auth/verify-email'),
    forgotPassword: json('POST', '/api/auth/forgot-password'),
    resetPassword: json('POST', '/api/auth/reset-password'),
    changePassword: json('POST', '/api/auth/change-password'),
    changeEmail: json('POST', '/api/auth/change-email'),
    listSessions: json('GET', '/api/auth/sessions'),
    revokeSession: json('DELETE', '/api/auth/sessions/:id'),
    revokeAllSessions: json('POST', '/api/auth/sessions/revoke-all'),
  },
  users: {
    get: json('GET', '/api/users/:id'),
    updateProfile: json('PATCH', '/api/user/profile'),
    calendar: json('GET', '/api/user/calendar'),
    usernameAvailability: json('GET', '/api/user/username-availability'),
  },
  settings: {
    get: json('GET', '/api/user/settings'),
    update: json('PATCH', '/api/user/settings'),
  },
  privacy: {
    requestDeletion: json('POST', '/api/data-deletion-request'),
    confirmDeletion: other('GET', '/api/data-deletion-request/confirm', 'html'),
    cancelDeletionByLink: other('GET', '/api/data-deletion-request/cancel', 'html'),
    myDeletion: json('GET', '/api/data-deletion-request'),
    exportData: other('GET', '/api/user/export', 'download'),
    cancelDeletion: json('POST', '/api/data-deletion-request/:id/cancel'),
  },
  pacts: {
    list: json('GET', '/api/challenges'),
    live: json('GET', '/api/challenges/live'),
    get: json('GET', '/api/challenges/:id'),
    participants: json('GET', '/api/challenges/:id/participants'),
    create: json('POST', '/api/challenges'),
    update: json('PATCH', '/api/challenges/:id'),
    remove: json('DELETE', '/api/challenges/:id'),
    join: json('POST', '/api/challenges/:id/join'),
    leave: json('POST', '/api/challenges/:id/leave'),
    like: json('POST', '/api/challenges/:id/like'),
    report: json('POST', '/api/challenges/:id/report'),
    myParticipations: json('GET', '/api/user/participations'),
    userParticipations: json('GET', '/api/user/participations/:userId'),
    liked: json('GET', '/api/user/likes'),
  },
  friends: {
    list: json('GET', '/api/user/friends'),
    add: json('POST', '/api/users/:id/friend'),
    remove: json('DELETE', '/api/users/:id/friend'),
    requests: json('GET', '/api/user/friend-requests'),
    accept: json('POST', '/api/friend-requests/:userId/accept'),
    decline: json('POST', '/api/friend-requests/:userId/decline'),
  },
  leaderboard: {
    get: json('GET', '/api/leaderboard'),
  },
  safety: {
    block: json('POST', '/api/users/:id/block'),
    unblock: json('DELETE', '/api/users/:id/block'),
    blocks: json('GET', '/api/user/blocks'),
    reportUser: json('POST', '/api/users/:id/report'),
    moderationQueue: json('GET', '/api/admin/reports'),
    resolveReport: json('POST', '/api/admin/reports/:id/resolve'),
  },
  notifications: {
    list: json('GET', '/api/notifications'),
    markRead: json('POST', '/api/notifications/read'),
    pushKey: json('GET', '/api/push/public-key'),
    subscribePush: json('POST', '/api/push/subscriptions'),
    unsubscribePush: json('DELETE', '/api/push/subscriptions'),
  },
  activity: {
    list: json('GET', '/api/user/activity'),
    reminders: json('GET', '/api/user/reminders'),
  },
  media: {
    describe: json('GET', '/api/media/:id'),
    play: other(['GET', 'HEAD'], '/media/:id', 'media'),
    uploadCreate: other('POST', '/api/uploads', 'tus'),
    upload: other(['HEAD', 'PATCH', 'DELETE'], '/api/uploads/:id', 'tus'),
  },
  chat: {
    messages: json('GET', '/api/challenges/:id/messages'),
    send: json('POST', '/api/challenges/:id/chat'),
    live: json('POST', '/api/challenges/:id/live'),
    socket: other('GET', '/ws', 'ws'),
  },
  proofs: {
    create: json('POST', '/api/challenges/:id/proofs'),
    codeWord: json('POST', '/api/challenges/:id/proof-challenge'),
    approve: json('POST', '/api/challenges/:id/approve'),
  },
  teams: {
    list: json('GET', '/api/teams'),
    mine: json('GET', '/api/user/teams'),
    get: json('GET', '/api/teams/:id'),
    update: json('PATCH', '/api/teams/:id'),
    subscribe: json('POST', '/api/teams/:id/subscribe'),
    cancel: json('POST', '/api/teams/:id/subscription/cancel'),
    resume: json('POST', '/api/teams/:id/subscription/resume'),
    manage: json('POST', '/api/teams/:id/subscription/manage'),
    testCard: json('PATCH', '/api/teams/:id/subscription/test-card'),
    joinWaitlist: json('POST', '/api/waitlist/pro-creator'),
    waitlist: json('GET', '/api/waitlist/pro-creator'),
  },
  billing: {
    mode: json('GET', '/api/billing/mode'),
    clock: json('GET', '/api/admin/billing/clock'),
    advanceClock: json('POST', '/api/admin/billing/clock/advance'),
  },
  stripe: {
    webhook: other('POST', '/api/billing/stripe/webhook', 'webhook'),
    connect: json('POST', '/api/billing/stripe/connect'),
  },
  messages: {
    conversations: json('GET', '/api/messages'),
    page: json('GET', '/api/messages/:userId'),
    send: json('POST', '/api/messages/:userId'),
    read: json('POST', '/api/messages/:userId/read'),
  },
  coaching: {
    analytics: json('GET', '/api/teams/:id/analytics'),
    earnings: json('GET', '/api/coaching/earnings'),
    earningsCsv: other('GET', '/api/coaching/earnings.csv', 'download'),
  },
  waitlist: {
    confirm: json('POST', '/api/waitlist/pro-creator/confirm'),
    leave: json('POST', '/api/waitlist/pro-creator/leave'),
    adminList: json('GET', '/api/admin/waitlist'),
    adminCsv: other('GET', '/api/admin/waitlist.csv', 'download'),
    launchMail: json('POST', '/api/admin/waitlist/launch-mail'),
  },
} as const satisfies Record<string, Record<string, RoutePath>>;

export type Paths = typeof paths;
export type Domain = keyof Paths;

/** A path with its `:name` parameters filled in (each encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
