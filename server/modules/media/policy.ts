import { type SQL, sql } from 'drizzle-orm';
import { media } from '../../db/schema';
import { evaluate, type FactsSql, ruleBuilder, toSql } from '../../platform/rules';

type MediaRow = typeof media.$inferSelect;

/**
 * Who may play a stored file (docs/MEDIA.md): nothing before it is ready; its owner always; anyone else only
 * through what it is attached to, by that domain's own rule (setAttachmentRules below): a tutorial to whoever may
 * see a Pact using it (a paid team's Pact: only its coach and members with access), a proof video or thumbnail to
 * whoever may see that proof; a team image or profile photo in use to anyone signed in (like the name beside it).
 * Signed-out visitors play nothing.
 */

export type MediaFacts = {
  isReady: boolean;
  isOwner: boolean;
  /** What the file is attached to (by its kind) is visible to the user. */
  attachedVisible: boolean;
};

const r = ruleBuilder<MediaFacts>();

export const MEDIA_PLAYABLE = r.all('isReady', r.any('isOwner', 'attachedVisible'));

/** SQL over the `media` row in scope: what the file is attached to is visible to `me` (one kind's rule). */
export type AttachmentRule = (me: string) => SQL;

/** A stored file's kind (the thing it is attached to decides who else may play it). */
export type AttachedKind = MediaRow['kind'];

/**
 * Each kind's rule, given by the domain the file is attached to (pacts for tutorials, proofs for videos and
 * thumbnails, teams for team images, users for profile pictures): set once at start by the composition root
 * (modules/index.ts), so media, under them all, imports none of them. A kind without a rule plays to nobody but
 * its owner.
 */
const attachmentRules = new Map<AttachedKind, AttachmentRule>();

export function setAttachmentRules(rules: Partial<Record<AttachedKind, AttachmentRule>>) {
  for (const [kind, rule] of Object.entries(rules) as [AttachedKind, AttachmentRule][])
    attachmentRules.set(kind, rule);
}

/** `attachedVisible` as SQL over the `media` row in scope, by kind (CASE: only the kind's own lookup runs). */
export function attachedVisibleSql(me: string): SQL {
  if (attachmentRules.size === 0) return sql`false`;
  const cases = [...attachmentRules].map(
    ([kind, rule]) => sql`when ${sql.raw(`'${kind}'`)} then ${rule(me)}`,
  );
  return sql`(case ${media.kind} ${sql.join(cases, sql` `)} else false end)`;
}

export function mediaFactsSql(me: string): FactsSql<MediaFacts> {
  return {
    isReady: sql`${media.status} = 'ready'`,
    isOwner: sql`${media.ownerId} = ${me}`,
    attachedVisible: attachedVisibleSql(me),
  };
}

/** SQL: the `media` row in scope may be played by `me` (signed out: none). */
export function mediaPlayableBy(me: string | null): SQL {
  return me === null ? sql`false` : toSql(MEDIA_PLAYABLE, mediaFactsSql(me));
}

export const canPlayMedia = (facts: MediaFacts): boolean => evaluate(MEDIA_PLAYABLE, facts);

/**
 * A file is its uploader's alone to continue, cancel or attach: anyone else's upload answers exactly like one that
 * does not exist, and only one's own finished file can become a proof or a tutorial.
 */
export const ownsFile = (userId: string, row: { ownerId: string | null }): boolean => row.ownerId === userId;

export const mayAttach = (userId: string, row: { ownerId: string | null; status: string }): boolean =>
  ownsFile(userId, row) && row.status === 'ready';
