import { type SQL, sql } from 'drizzle-orm';
import { media, proofs } from '../../db/schema';
import { evaluate, type FactsSql, ruleBuilder, toSql } from '../../platform/rules';
import { pactVisibleTo } from '../pacts/policy';
import { proofVisibleTo } from '../proofs/policy';
import { teamAccessibleNow } from '../teams/policy';

/**
 * Who may play a stored file (docs/MEDIA.md): nothing before it is ready; its owner always; anyone else only
 * through what it is attached to, by that domain's own rule: a tutorial to whoever may see a Pact using it (a paid
 * team's Pact: only its coach and members with access, teams/policy.ts), a proof video or thumbnail to whoever may
 * see that proof; a team image or profile photo in use to anyone signed in (like the name beside it). Signed-out
 * visitors play nothing.
 */

export type MediaFacts = {
  isReady: boolean;
  isOwner: boolean;
  /** What the file is attached to (by its kind) is visible to the user. */
  attachedVisible: boolean;
};

const r = ruleBuilder<MediaFacts>();

export const MEDIA_PLAYABLE = r.all('isReady', r.any('isOwner', 'attachedVisible'));

const proofUses = (me: string) => sql`exists (select 1 from proofs
  where (${proofs.videoMediaId} = ${media.id} or ${proofs.thumbnailMediaId} = ${media.id}) and ${proofVisibleTo(me)})`;

/** `attachedVisible` as SQL over the `media` row in scope, by kind (CASE: only the kind's own lookup runs). */
export function attachedVisibleSql(me: string): SQL {
  return sql`(case ${media.kind}
    when 'tutorial' then exists (select 1 from pacts
      where pacts.tutorial_media_id = ${media.id} and ${pactVisibleTo(me)}
        and (pacts.team_id is null or exists (select 1 from teams where teams.id = pacts.team_id
          and ${teamAccessibleNow(me)})))
    when 'proof' then ${proofUses(me)}
    when 'thumbnail' then ${proofUses(me)}
    when 'team_image' then exists (select 1 from teams where teams.image_url = '/media/' || ${media.id})
    when 'avatar' then exists (select 1 from users where users.profile_image_url = '/media/' || ${media.id})
    else false end)`;
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
