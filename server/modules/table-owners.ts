/**
 * Which module writes each table (insert, update, delete): exactly one. Any other module that needs a row
 * changed asks the owner's service. Reads may join any table (read models such as users/summary.ts and the
 * policies' SQL conditions); writes may not. `boundaries.test.ts` checks the code against this map.
 *
 * One exception the check cannot see: better-auth (configured in auth/better-auth.ts) creates the `users` row at
 * sign-up, and each `sessions` row at sign-in, through its own adapter, beside the auth tables it owns. Every other
 * write of `users` is the users module's, and every other write of `sessions` the session module's.
 */
export const TABLE_OWNERS: Record<string, string> = {
  users: 'users',
  sessions: 'session',
  accounts: 'auth',
  verifications: 'auth',
  provider_signups: 'auth',
  user_settings: 'settings',
  friendships: 'friends',
  friend_requests: 'friends',
  blocks: 'safety',
  reports: 'moderation',
  pacts: 'pacts',
  participations: 'pacts',
  pact_likes: 'pacts',
  chat_messages: 'chat',
  proofs: 'proofs',
  proof_challenges: 'proofs',
  media: 'media',
  notifications: 'notifications',
  push_subscriptions: 'notifications',
  deletion_requests: 'privacy',
  teams: 'teams',
  subscriptions: 'memberships',
  waitlist_entries: 'teams',
  trials_taken: 'teams',
  charges: 'billing',
  billing_events: 'billing',
  direct_messages: 'messages',
  team_daily_stats: 'coaching',
  /** The test-mode billing clock (platform/billing/test-mode.ts). */
  billing_clock: 'platform',
  /** The job queue is the platform's (platform/jobs), not a domain's. */
  jobs: 'platform',
  /** Instances on this database and their heartbeats (platform/instances.ts). */
  live_instances: 'platform',
};
