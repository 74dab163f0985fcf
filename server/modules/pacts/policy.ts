import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Visibility } from '../../../shared/api/pacts';
import { media, pacts } from '../../db/schema';
import { evaluate, type FactsSql, ruleBuilder, toSql } from '../../platform/rules';
import { isFriendOf } from '../friends/policy';
import { teamAccessibleNow } from '../teams/policy';
import { blockedBetween } from '../users/policy';

/**
 * Who may see a Pact, join it, leave it, edit it: the rules of docs/PACTS.md in one place. Visibility is one
 * rule tree read two ways (platform/rules.ts): `canViewPact` on the facts of one Pact (services, the socket
 * gateway's room check), `pactVisibleTo` as a SQL condition on `pacts` rows (every list, count and read), so
 * they can never disagree.
 */

/** What the visibility rule needs to know about one Pact and one signed-in user. */
export type PactFacts = {
  /** A block either way between the user and the creator. */
  blockedWithCreator: boolean;
  isCreator: boolean;
  /** An active or completed participation (leaving ends it). */
  isParticipant: boolean;
  isHidden: boolean;
  visibility: Visibility;
  /** The creator is a Try Demo account (or one of its sample friends). */
  creatorIsDemo: boolean;
  /** The user is the creator's friend. */
  friendOfCreator: boolean;
};

const r = ruleBuilder<PactFacts>();

/**
 * SQL: whether participant `userId` counts in the stored `participant_count` of a Pact created by `creatorId`
 * (docs/RULES.md "Sandboxes stay apart"): a real person always; a demo account only in a Pact a demo account created
 * (a sandbox Pact, seen and joined only inside that sandbox). So a count shown outside a sandbox never counts its
 * visitor, and reading a count stays one stored column (presentPact adds a demo viewer's own active participation).
 */
export const countsAsParticipant = (
  userId: SQLWrapper | string,
  creatorId: SQLWrapper | string,
): SQL => sql`coalesce((
  select not pu.is_demo or cu.is_demo from users pu, users cu where pu.id = ${userId} and cu.id = ${creatorId}), true)`;

/**
 * Never across a block; always its creator and its participants (hidden or not); otherwise only while not hidden:
 * public and pro Pacts to anyone, friends Pacts to the creator's friends, private ones to nobody else. A demo
 * account's Pacts are seen only inside its own sandbox (its friends), so visitors never see each other's data.
 */
export const PACT_VISIBLE = r.all(
  r.not('blockedWithCreator'),
  r.any(
    'isCreator',
    'isParticipant',
    r.all(
      r.not('isHidden'),
      r.any(
        r.all(r.oneOf('visibility', ['public', 'pro']), r.any(r.not('creatorIsDemo'), 'friendOfCreator')),
        r.all(r.oneOf('visibility', ['friends']), 'friendOfCreator'),
      ),
    ),
  ),
);

/** The facts as SQL over the `pacts` row in scope, for user `me` (a value, or a prepared statement's placeholder). */
export function pactFactsSql(me: string | Placeholder): FactsSql<PactFacts> {
  const creator = sql`${pacts.creatorId}`;
  return {
    blockedWithCreator: blockedBetween(me, creator),
    isCreator: sql`${pacts.creatorId} = ${me}`,
    isParticipant: sql`exists (select 1 from participations vp
      where vp.pact_id = ${pacts.id} and vp.user_id = ${me} and vp.status <> 'left')`,
    isHidden: sql`${pacts.isHidden}`,
    visibility: sql`${pacts.visibility}`,
    creatorIsDemo: sql`exists (select 1 from users cu where cu.id = ${pacts.creatorId} and cu.is_demo)`,
    friendOfCreator: isFriendOf(me, creator),
  };
}

/** SQL: the `pacts` row in scope is visible to `me` (nobody signed in sees none). */
export function pactVisibleTo(me: string | Placeholder | null): SQL {
  return me === null ? sql`false` : toSql(PACT_VISIBLE, pactFactsSql(me));
}

/** The same rule on the facts of one Pact; unknown Pacts (no facts) and signed-out callers see nothing. */
export function canViewPact(facts: PactFacts | null | undefined): boolean {
  return facts != null && evaluate(PACT_VISIBLE, facts);
}

/**
 * Joining (for someone who can see the Pact): a Pro Pact needs team access (its coach, or a subscription that
 * gives access, see teams/policy.ts), except for its creator. Everything else is open to whoever sees it.
 */
export function joinNeedsTeamAccess(
  actorId: string,
  pact: { visibility: string; creatorId: string },
): boolean {
  return pact.visibility === 'pro' && pact.creatorId !== actorId;
}

export function mayJoin(
  actorId: string,
  pact: { visibility: string; creatorId: string },
  teamAccess: boolean,
): boolean {
  return !joinNeedsTeamAccess(actorId, pact) || teamAccess;
}

/** The creator stays: their Pact cannot lose its owner. */
export const mayLeave = (actorId: string, pact: { creatorId: string }): boolean => pact.creatorId !== actorId;

/** Only the creator edits or deletes a Pact; to anyone else it answers as if it did not exist. */
export const mayManage = (actorId: string, pact: { creatorId: string }): boolean =>
  pact.creatorId === actorId;

/** Anyone who sees a Pact may report it, except its creator. */
export const mayReport = (actorId: string, pact: { creatorId: string }): boolean =>
  pact.creatorId !== actorId;

/** The exercise, target and duration are fixed once anyone but the creator has joined (even if they left). */
export const mayChangeTerms = (termsLocked: boolean): boolean => !termsLocked;

/**
 * SQL over the `media` row in scope (media/policy.ts setAttachmentRules): the file is the tutorial of a Pact `me`
 * may see, and of a paid team's Pact only with access to the team (its coach and members, teams/policy.ts).
 */
export const tutorialVisibleTo = (me: string): SQL => sql`exists (select 1 from pacts
  where pacts.tutorial_media_id = ${media.id} and ${pactVisibleTo(me)}
    and (pacts.team_id is null or exists (select 1 from teams where teams.id = pacts.team_id
      and ${teamAccessibleNow(me)})))`;
