import { getTableName, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { FRIEND_REQUEST_LIMITS } from '../../../shared/api/users';
import * as schema from '../../db/schema';

/** One column of the schema that references users.id. */
export interface UserColumn {
  table: string;
  column: string;
}

/**
 * Every column that references users.id, read from the schema's foreign keys: the export (and the erasure test)
 * start from this list, so a new table that points at a user is never forgotten.
 */
export const USER_COLUMNS: readonly UserColumn[] = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) =>
    getTableConfig(table).foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      if (getTableName(ref.foreignTable) !== 'users') return [];
      return ref.columns.map((column) => ({ table: getTableName(table), column: column.name }));
    }),
  );

/**
 * What "Download my data" does with the rows where one user column is the user (docs/PRIVACY.md):
 * - include: the rows go in `<file>.json`, without the `omit` columns (secrets: tokens, password hashes, keys);
 * - skip: not the user's to take, with the reason (another person's inbox, who blocked or reported them).
 * Every user column of the schema needs a rule; the export test fails on one without.
 */
export type ExportRule =
  | {
      include: string;
      omit?: readonly string[];
      /** Only the rows this condition keeps (what the person is shown in the app), when not all of them are theirs. */
      only?: SQL;
      note: string;
    }
  | { skip: string };

export const EXPORT_RULES: Record<string, ExportRule> = {
  'sessions.user_id': {
    include: 'sessions',
    omit: ['token'],
    note: 'Where you are signed in: device, address and times (not the session secret).',
  },
  'accounts.user_id': {
    include: 'sign-in-methods',
    omit: ['password', 'access_token', 'refresh_token', 'id_token'],
    note: 'How you sign in: email and password, or a provider (never the password hash or provider tokens).',
  },
  'user_settings.user_id': { include: 'settings', note: 'Your Settings switches.' },
  'friendships.user_id': {
    include: 'friendships',
    note: 'Your friends (both directions of each friendship).',
  },
  'friendships.friend_id': {
    include: 'friendships',
    note: 'Your friends (both directions of each friendship).',
  },
  'friend_requests.requester_id': {
    include: 'friend-requests',
    // A decline is quiet (docs/RULES.md, "Friends"): the requester is not told, here either. They get the requests
    // the app shows them as sent (not one they withdrew after a decline, nor one whose cooldown ended), without
    // the decline's time, so a declined request reads like any other.
    only: sql.raw(
      `withdrawn_at is null and (declined_at is null or declined_at > now() - interval '${FRIEND_REQUEST_LIMITS.declineCooldownDays} days')`,
    ),
    omit: ['declined_at', 'withdrawn_at'],
    note: 'Friend requests you sent or received.',
  },
  'friend_requests.addressee_id': {
    include: 'friend-requests',
    // Whether the requester withdrew after your decline is theirs.
    omit: ['withdrawn_at'],
    note: 'Friend requests you sent or received.',
  },
  'blocks.blocker_id': { include: 'blocks', note: 'People you blocked.' },
  'blocks.blocked_id': { skip: 'who blocked you is their decision and stays private to them' },
  'reports.reporter_id': { include: 'reports', note: 'Reports you made.' },
  'reports.reported_user_id': {
    skip: 'reports about you stay with the moderators, as the reporter is protected',
  },
  'pacts.creator_id': { include: 'pacts-created', note: 'The Pacts you created.' },
  'participations.user_id': {
    include: 'participations',
    note: 'Pacts you joined, with your progress in each.',
  },
  'pact_likes.user_id': { include: 'likes', note: 'Pacts you liked.' },
  'chat_messages.user_id': { include: 'chat-messages', note: 'Every chat message you wrote.' },
  'chat_messages.addressee_id': {
    include: 'chat-replies-to-you',
    note: "The AI trainer's chat replies addressed to you.",
  },
  'proofs.user_id': { include: 'proofs', note: 'Your workout proofs and their approval.' },
  'proof_challenges.user_id': {
    include: 'proof-code-words',
    note: 'Code words you were given to say or show in your proof recordings.',
  },
  'proofs.decided_by_id': {
    include: 'proof-decisions',
    omit: ['value', 'video_media_id', 'thumbnail_media_id'],
    note: 'Proofs of others that you approved or rejected (your decision, not their videos).',
  },
  'media.owner_id': { include: 'media', note: 'Your stored files; the files themselves are in media/.' },
  'notifications.user_id': { include: 'notifications', note: 'Your notifications.' },
  'notifications.actor_id': { skip: "notifications you caused are in other people's inboxes" },
  'push_subscriptions.user_id': {
    include: 'push-devices',
    omit: ['p256dh', 'auth'],
    note: 'Devices that get reminders (not their encryption keys).',
  },
  'deletion_requests.user_id': {
    include: 'deletion-requests',
    omit: ['confirm_token_hash', 'cancel_token_hash'],
    note: 'Your data deletion requests.',
  },
  'teams.coach_id': { include: 'teams-coached', note: 'Teams you coach.' },
  'subscriptions.user_id': { include: 'subscriptions', note: 'Your team subscriptions.' },
  'charges.user_id': { include: 'charges', note: 'Your payments and refunds.' },
  'charges.coach_id': {
    include: 'payouts',
    // Nothing that names or leads to the payer: their id, the provider's payment references (a test-mode reference
    // carries the member's id; a Stripe one opens their payment), the subscription, and the refunded charge's.
    omit: ['user_id', 'provider_ref', 'refund_of', 'subscription_id'],
    note: 'Charges and refunds of the teams you coach: your 85% net of each (not who paid).',
  },
  'direct_messages.sender_id': { include: 'direct-messages', note: 'Direct messages you sent or received.' },
  'direct_messages.recipient_id': {
    include: 'direct-messages',
    note: 'Direct messages you sent or received.',
  },
  'waitlist_entries.user_id': {
    include: 'waitlist',
    omit: ['confirm_token_hash'],
    note: 'Your Pro Creator waitlist entries: address, when you joined, confirmed and were sent the launch mail (not the link secret).',
  },
};

export const ruleKey = (c: UserColumn) => `${c.table}.${c.column}`;
