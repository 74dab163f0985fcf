/**
 * Direct message rules (docs/MESSAGES.md). Two people talk when one coaches a Pro team the other subscribes (or
 * subscribed) to: either may read their history while such a link exists; writing, either way, needs the member
 * to have the team's access now (teams/policy.ts); a blocked pair neither reads nor writes, in either direction.
 * Whoever has no link (a stranger, a member of another team, oneself) finds nobody: 404.
 */

export interface DmFacts {
  /** Links between the two people (teams one coaches and the other holds a subscription to, in any state). */
  links: number;
  /** Links whose member has the team's access now. */
  linksWithAccess: number;
  blocked: boolean;
}

export const mayReadDms = (f: DmFacts): boolean => f.links > 0 && !f.blocked;

export const mayWriteDms = (f: DmFacts): boolean => mayReadDms(f) && f.linksWithAccess > 0;
